import { describe, expect, it } from 'vitest';
import { METRICS_FIRST_DAY, METRICS_LAST_DAY, metricsQuerySchema, resolveMetricsRange } from './metrics';

const problems = (query: Record<string, string>) => {
  const parsed = metricsQuerySchema.safeParse(query);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('a metrics range', () => {
  const window = `between ${METRICS_FIRST_DAY} and ${METRICS_LAST_DAY}`;

  it('names days from 2000-01-01 to 9998-12-31 only, so a day after its end is still a four-digit year', () => {
    expect(problems({ from: '9999-12-31', to: '9999-12-31' })).toEqual({
      from: `From must be ${window}`,
      to: `To must be ${window}`,
    });
    expect(problems({ from: '1999-12-31' })).toEqual({ from: `From must be ${window}` });
    expect(problems({ to: '0000-01-01' })).toEqual({ to: `To must be ${window}` });
    expect(problems({ from: '+010000-01-01' })).toEqual({ from: 'From must be a date written YYYY-MM-DD' });
    expect(problems({ from: METRICS_FIRST_DAY, to: METRICS_FIRST_DAY })).toEqual({});
    expect(problems({ from: METRICS_LAST_DAY, to: METRICS_LAST_DAY })).toEqual({});
  });

  it('refuses a To before its From, and more than a leap year, and takes the longest range the picker offers', () => {
    expect(problems({ from: '2025-03-08', to: '2025-03-01' })).toEqual({ from: 'From must be on or before To' });
    expect(problems({ from: '2023-12-31', to: '2024-12-31' })).toEqual({ to: 'A range is at most 366 days' });
    expect(problems({ from: '2024-01-01', to: '2024-12-31' })).toEqual({});
    expect(problems({ from: '9998-01-01', to: '9998-12-31' })).toEqual({});
  });

  it('is resolved with the same words, so the range picker says what the server would', () => {
    expect(resolveMetricsRange({ to: '9999-12-31' }, '2025-03-07')).toEqual({ fields: { to: `To must be ${window}` } });
    expect(resolveMetricsRange({ from: '2025-03-08' }, '2025-03-07')).toEqual({
      fields: { from: 'From must be on or before To' },
    });
    expect(resolveMetricsRange({ from: METRICS_LAST_DAY, to: METRICS_LAST_DAY }, '2025-03-07')).toEqual({
      range: { from: METRICS_LAST_DAY, to: METRICS_LAST_DAY, days: 1 },
    });
  });
});
