import type { EndpointData } from '@inkwell/contract';
import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePayoutStatement } from '../api/payouts';
import { isMonth, PayoutStatusBadge, useMonthName } from '../payout-format';
import '../messages';

type Statement = EndpointData<'myPayoutStatement'>;

const SOURCE_IDS: Record<Statement['items'][number]['source'], string> = {
  coins: 'profile.payouts.source.coins',
  subscriptions: 'profile.payouts.source.subscriptions',
  tiers: 'profile.payouts.source.tiers',
};

/** The month's figures, top to bottom as they add up: earned − fee + adjustments + carried in = sent + carried on. */
function Figures({ statement }: { statement: Statement }) {
  const t = useT();
  const format = useFormat();
  const money = (cents: number) => format.money(cents, statement.currency);
  const rows: [string, string, boolean?][] = [
    ['profile.payouts.column.earned', money(statement.earnedCents)],
    ['profile.payouts.column.fee', `−${money(statement.feeCents)}`],
    ['profile.payouts.column.adjustments', money(statement.adjustmentsCents)],
    ['profile.payouts.column.carriedIn', money(statement.carriedInCents)],
    ['profile.payouts.column.sent', money(statement.amountCents), true],
    ['profile.payouts.column.carriedOut', money(statement.carriedOutCents)],
  ];
  return (
    <dl className="divide-y divide-ink-800 rounded-xl border border-ink-800 text-sm tabular-nums print:divide-zinc-300 print:border-zinc-400">
      {rows.map(([label, value, isTotal]) => (
        <div key={label} className="flex justify-between gap-4 px-4 py-2" data-testid="statement-figure">
          <dt className="text-zinc-300 print:text-black">{t(label)}</dt>
          <dd className={isTotal ? 'font-bold text-white print:text-black' : 'text-zinc-100 print:text-black'}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where the month's earnings came from: each series and source, before the fee. */
function Sources({ statement }: { statement: Statement }) {
  const t = useT();
  const format = useFormat();
  if (statement.items.length === 0)
    return <p className="text-sm text-zinc-400 print:text-black">{t('profile.payouts.noSources')}</p>;
  return (
    <table className="w-full text-sm tabular-nums">
      <caption className="mb-2 text-left text-sm font-semibold text-zinc-200 print:text-black">
        {t('profile.payouts.sourcesCaption')}
      </caption>
      <thead className="text-left text-xs uppercase tracking-wider text-zinc-400 print:text-black">
        <tr>
          <th scope="col" className="py-1 pr-3">
            {t('profile.payouts.column.series')}
          </th>
          <th scope="col" className="py-1 pr-3">
            {t('profile.payouts.column.source')}
          </th>
          <th scope="col" className="py-1 text-right">
            {t('profile.payouts.column.earned')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-ink-800 text-zinc-200 print:divide-zinc-300 print:text-black">
        {statement.items.map((item) => (
          <tr key={`${item.seriesId}-${item.source}`} data-testid="statement-source">
            <th scope="row" className="py-1.5 pr-3 text-left font-medium">
              {item.seriesTitle}
            </th>
            <td className="py-1.5 pr-3">{t(SOURCE_IDS[item.source])}</td>
            <td className="py-1.5 text-right">{format.money(item.earnedCents, statement.currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StatementSheet({ statement }: { statement: Statement }) {
  const t = useT();
  const format = useFormat();
  const monthName = useMonthName();
  return (
    <article
      className="space-y-5 rounded-2xl border border-ink-800 bg-ink-900 p-6 print:border-0 print:bg-transparent print:p-0 print:text-black"
      data-testid="payout-statement"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold text-white print:text-black">
            {t('profile.payouts.statementTitle', { month: monthName(statement.month) })}
          </h2>
          <p className="mt-1 text-sm text-zinc-400 print:text-black">
            {t('profile.payouts.statementFor', { username: statement.payee.username })}
          </p>
        </div>
        <PayoutStatusBadge status={statement.status} />
      </header>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs uppercase tracking-wider text-zinc-400 print:text-black">{t('profile.payouts.currency')}</dt>
          <dd className="text-zinc-100 print:text-black">{statement.currency.toUpperCase()}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wider text-zinc-400 print:text-black">{t('profile.payouts.sentAt')}</dt>
          <dd className="text-zinc-100 print:text-black">{statement.sentAt ? format.date(statement.sentAt) : '—'}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wider text-zinc-400 print:text-black">
            {t('profile.payouts.column.transfer')}
          </dt>
          <dd className="break-all font-mono text-xs text-zinc-100 print:text-black" data-testid="statement-transfer">
            {statement.transferId ?? '—'}
          </dd>
        </div>
      </dl>
      {statement.status === 'failed' && statement.failureReason && (
        <p className="rounded-lg border border-rose-500/30 bg-rose-500/10 p-3 text-sm text-rose-200 print:text-black">
          {t('profile.payouts.failedBecause', { reason: statement.failureReason })}
        </p>
      )}
      <Figures statement={statement} />
      <Sources statement={statement} />
    </article>
  );
}

/**
 * /account/payouts/:month (issue 38 §2): one month's statement, to print or keep: its figures and,
 * per series, where they came from. Printed, the page is the statement alone, dark ink on white:
 * the site's bars and menus are left off (print:hidden in the layout).
 */
export default function PayoutStatementPage() {
  const t = useT();
  const monthName = useMonthName();
  const { month = '' } = useParams();
  const valid = isMonth(month);
  useDocumentTitle(valid ? t('profile.payouts.statementTitle', { month: monthName(month) }) : t('profile.payouts.title'));
  const statement = usePayoutStatement(month);
  const isMissing = !valid || (statement.error instanceof ApiError && statement.error.status === 404);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to="/account/payouts" className={secondaryButton}>
          <ArrowLeft className="size-4" aria-hidden /> {t('profile.payouts.back')}
        </Link>
        {statement.data && (
          <button type="button" className={primaryButton} onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden /> {t('profile.payouts.print')}
          </button>
        )}
      </div>
      {isMissing ? (
        <div role="alert" className="rounded-xl border border-ink-800 bg-ink-900 p-6">
          <h2 className="font-semibold text-white">{t('profile.payouts.notFoundTitle')}</h2>
          <p className="mt-1 text-sm text-zinc-400">{t('profile.payouts.notFound')}</p>
        </div>
      ) : statement.isError ? (
        <LoadError message={t('profile.payouts.statementFailed')} onRetry={() => void statement.refetch()} />
      ) : !statement.data ? (
        <div className="h-64 animate-pulse rounded-2xl bg-ink-900" aria-label={t('profile.payouts.loading')} />
      ) : (
        <StatementSheet statement={statement.data} />
      )}
    </div>
  );
}
