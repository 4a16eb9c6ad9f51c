import { describe, expect, it } from 'vitest';
import { timeFromNow } from './time';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const at = (msFromNow: number) => new Date(NOW + msFromNow).toISOString();

describe('timeFromNow, the one relative time of the app', () => {
  it.each([
    [-20_000, 'just now'],
    [-5 * 60_000, '5 minutes ago'],
    [-3 * 3_600_000, '3 hours ago'],
    [-86_400_000, 'yesterday'],
    [-2 * 86_400_000, '2 days ago'],
    [-14 * 86_400_000, '2 weeks ago'],
    [-400 * 86_400_000, 'last year'],
    [20_000, 'in a moment'],
    [2 * 3_600_000, 'in 2 hours'],
  ])('%i ms from now reads “%s”', (ms, text) => {
    expect(timeFromNow(at(ms), NOW)).toBe(text);
  });
});
