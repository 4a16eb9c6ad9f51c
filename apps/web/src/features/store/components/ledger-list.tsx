import type { WalletEntry } from '@inkwell/contract';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/i18n/format';
import { useLocale, useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { formatDateTime, formatDelta, LEDGER_KIND_LABELS } from '../store-format';
import '../messages';

/** The coin ledger: every movement with its sign, why, the balance after, and the chapter it bought. */
export function LedgerList({ entries }: { entries: WalletEntry[] }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  return (
    <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900" aria-label={t('store.ledger.label')}>
      {entries.map((entry) => (
        <li key={entry.id} className="flex items-start justify-between gap-4 p-4" data-testid="ledger-row">
          <div className="min-w-0">
            <p className="font-semibold text-zinc-100">{t(LEDGER_KIND_LABELS[entry.kind])}</p>
            {entry.reason && <p className="mt-0.5 text-sm text-zinc-300">{entry.reason}</p>}
            {entry.chapter && (
              <Link
                to={`/SeriesView/${entry.chapter.seriesSlug}/${entry.chapter.slug}`}
                className="mt-0.5 block truncate text-sm font-medium text-accent-400 hover:underline"
              >
                {entry.chapter.seriesTitle} · {format.chapterLabel(entry.chapter)}
              </Link>
            )}
            <p className="mt-1 text-xs text-zinc-400">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, locale)}</time>
            </p>
          </div>
          <div className="shrink-0 text-right">
            <p
              className={`text-lg font-bold tabular-nums ${entry.delta >= 0 ? 'text-emerald-300' : 'text-rose-300'}`}
              data-testid="ledger-delta"
            >
              {formatDelta(entry.delta, format.count)}
              <span className="sr-only"> {t('store.ledger.coins', { count: Math.abs(entry.delta) })}</span>
            </p>
            <p className="text-xs text-zinc-400">
              {richText(t('store.ledger.balance', { balance: format.count(entry.balanceAfter) }), {
                amount: (words) => <span className="tabular-nums text-zinc-200">{words}</span>,
              })}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
