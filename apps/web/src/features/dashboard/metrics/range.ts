import { addDays, METRICS_RANGE_PRESETS, resolveMetricsRange, utcDay, type MetricsRange } from '@inkwell/contract';
import { useSearchParams } from 'react-router';

/** The range picker's presets: the last N days, today included. */
export const RANGE_PRESETS = METRICS_RANGE_PRESETS;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const todayUtc = () => utcDay(new Date());

function presetRange(days: number, today = todayUtc()): MetricsRange {
  return { from: addDays(today, -(days - 1)), to: today, days };
}

/**
 * The range lives in the URL (`?days=7`, or `?from=&to=` for a custom one), so a view can be
 * reloaded and shared; anything unreadable there falls back to the last 30 days.
 */
export function useMetricsRange() {
  const [params, setParams] = useSearchParams();
  const today = todayUtc();
  const from = params.get('from');
  const to = params.get('to');
  let range: MetricsRange = presetRange(30, today);
  let preset: RangePreset | null = 30;
  if (from && to) {
    const resolved = resolveMetricsRange({ from, to }, today);
    if ('range' in resolved) {
      range = resolved.range;
      preset = null;
    }
  } else {
    const days = Number(params.get('days'));
    if ((RANGE_PRESETS as readonly number[]).includes(days)) {
      preset = days as RangePreset;
      range = presetRange(days, today);
    }
  }
  const choosePreset = (days: RangePreset) => setParams({ days: String(days) }, { replace: true });
  const chooseCustom = (next: { from: string; to: string }) => setParams({ from: next.from, to: next.to }, { replace: true });
  return { range, preset, choosePreset, chooseCustom };
}

/** "Mar 4", "4 de mar.": a day on an axis, in the page's language (the pseudo-locale writes it as English does). */
export const shortDay = (day: string, locale: string = 'en') =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(locale === 'en-XA' ? 'en' : locale, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
