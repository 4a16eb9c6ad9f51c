import { describe, expect, it } from 'vitest';
import { readNamespace } from './message-catalogues';
import { METRICS_FIRST_DAY, METRICS_LAST_DAY, METRICS_MAX_DAYS, metricsQuerySchema, resolveMetricsRange } from './metrics';

const problems = (query: Record<string, string>) => {
  const parsed = metricsQuerySchema.safeParse(query);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('a metrics range', () => {
  const window = `between ${METRICS_FIRST_DAY} and ${METRICS_LAST_DAY}`;

  it('says the limits the code holds (its messages are validation ids, decision 0040)', () => {
    const english = readNamespace('en', 'validation');
    expect(english['validation.metrics.fromWindow']).toBe(`From must be ${window}`);
    expect(english['validation.metrics.toWindow']).toBe(`To must be ${window}`);
    expect(english['validation.metrics.rangeTooLong']).toBe(`A range is at most ${METRICS_MAX_DAYS} days`);
  });

  it('names days from 2000-01-01 to 9998-12-31 only, so a day after its end is still a four-digit year', () => {
    expect(problems({ from: '9999-12-31', to: '9999-12-31' })).toEqual({
      from: 'validation.metrics.fromWindow',
      to: 'validation.metrics.toWindow',
    });
    expect(problems({ from: '1999-12-31' })).toEqual({ from: 'validation.metrics.fromWindow' });
    expect(problems({ to: '0000-01-01' })).toEqual({ to: 'validation.metrics.toWindow' });
    expect(problems({ from: '+010000-01-01' })).toEqual({ from: 'validation.metrics.fromFormat' });
    expect(problems({ from: METRICS_FIRST_DAY, to: METRICS_FIRST_DAY })).toEqual({});
    expect(problems({ from: METRICS_LAST_DAY, to: METRICS_LAST_DAY })).toEqual({});
  });

  it('refuses a To before its From, and more than a leap year, and takes the longest range the picker offers', () => {
    expect(problems({ from: '2025-03-08', to: '2025-03-01' })).toEqual({ from: 'validation.metrics.fromAfterTo' });
    expect(problems({ from: '2023-12-31', to: '2024-12-31' })).toEqual({ to: 'validation.metrics.rangeTooLong' });
    expect(problems({ from: '2024-01-01', to: '2024-12-31' })).toEqual({});
    expect(problems({ from: '9998-01-01', to: '9998-12-31' })).toEqual({});
  });

  it('is resolved with the same words, so the range picker says what the server would', () => {
    expect(resolveMetricsRange({ to: '9999-12-31' }, '2025-03-07')).toEqual({ fields: { to: 'validation.metrics.toWindow' } });
    expect(resolveMetricsRange({ from: '2025-03-08' }, '2025-03-07')).toEqual({
      fields: { from: 'validation.metrics.fromAfterTo' },
    });
    expect(resolveMetricsRange({ from: METRICS_LAST_DAY, to: METRICS_LAST_DAY }, '2025-03-07')).toEqual({
      range: { from: METRICS_LAST_DAY, to: METRICS_LAST_DAY, days: 1 },
    });
  });
});
