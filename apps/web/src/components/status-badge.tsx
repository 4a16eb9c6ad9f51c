import { useT } from '../lib/i18n/i18n-context';
import { seriesStatusText } from '../lib/i18n/labels';

const TONES: Record<string, string> = {
  ongoing: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30',
  completed: 'bg-sky-500/15 text-sky-300 ring-sky-500/30',
  hiatus: 'bg-amber-500/15 text-amber-300 ring-amber-500/30',
  cancelled: 'bg-rose-500/15 text-rose-300 ring-rose-500/30',
  canceled: 'bg-rose-500/15 text-rose-300 ring-rose-500/30',
};

/** A series status with SPEC §3's labels. */
export function StatusBadge({ status, className = '' }: { status: string | null | undefined; className?: string }) {
  const t = useT();
  const tone = TONES[(status ?? '').toLowerCase()] ?? 'bg-zinc-500/15 text-zinc-300 ring-zinc-500/30';
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone} ${className}`}
    >
      {seriesStatusText(t, status)}
    </span>
  );
}
