import { describe, expect, it } from 'vitest';
import { seriesStatusLabel } from './series-status';

describe('seriesStatusLabel (SPEC §3)', () => {
  it.each([
    ['ongoing', 'Ongoing'],
    ['completed', 'Completed'],
    ['hiatus', 'Hiatus'],
    ['cancelled', 'Cancelled'],
    ['canceled', 'Cancelled'],
    ['ONGOING', 'Ongoing'],
  ])('labels %s as %s', (status, label) => {
    expect(seriesStatusLabel(status)).toBe(label);
  });

  it('shows any other value as given', () => {
    expect(seriesStatusLabel('Season 2 soon')).toBe('Season 2 soon');
  });

  it.each([null, undefined, '', '   '])('shows a missing status (%j) as Unknown', (status) => {
    expect(seriesStatusLabel(status)).toBe('Unknown');
  });
});
