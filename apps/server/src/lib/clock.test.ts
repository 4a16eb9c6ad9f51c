import { describe, expect, it } from 'vitest';
import { utcDayOf } from './clock';

describe("a moment's UTC day", () => {
  it('is the ISO date of the moment, across days, backwards and before 1970', () => {
    for (const at of [
      '2026-03-01T23:59:59.999Z',
      '2026-03-02T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
      '2026-03-02T12:00:00.000Z',
      '1969-12-31T23:00:00.000Z',
      '1970-01-01T00:00:00.000Z',
    ]) {
      const moment = new Date(at);
      expect(utcDayOf(moment)).toBe(moment.toISOString().slice(0, 10));
    }
  });
});
