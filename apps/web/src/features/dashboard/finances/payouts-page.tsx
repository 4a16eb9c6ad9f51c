import { PAYOUT_STATEMENT_STATUSES, type AdminPayout, type EndpointQuery } from '@inkwell/contract';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/i18n/format';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { HiddenTh, rowButton, stacked, StackedTable, Th, CellLabel } from '../components/data-table';
import { SelectField } from '../components/fields';
import { PageHeader, QueryState } from '../components/list-frame';
import { oneOf } from '../components/use-list-params';
import { useAdminPayouts, useRetryPayout } from './api/admin-payouts';
import { PayoutTotals } from './payout-totals';
import '../messages';

type Status = AdminPayout['status'];

const STATUS_IDS: Record<Status, string> = {
  carried: 'dashboard.payouts.status.carried',
  pending: 'dashboard.payouts.status.pending',
  sent: 'dashboard.payouts.status.sent',
  failed: 'dashboard.payouts.status.failed',
};
const STATUS_TONES: Record<Status, string> = {
  carried: 'bg-zinc-500/15 text-zinc-300 ring-zinc-500/30',
  pending: 'bg-amber-500/15 text-amber-300 ring-amber-500/30',
  sent: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30',
  failed: 'bg-rose-500/15 text-rose-300 ring-rose-500/30',
};
const payoutStatusLabel = (t: Translate, status: Status) => t(STATUS_IDS[status]);

function PayoutStatusBadge({ status }: { status: Status }) {
  const t = useT();
  return (
    <span
      data-testid="payout-status"
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_TONES[status]}`}
    >
      {payoutStatusLabel(t, status)}
    </span>
  );
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month and status in the URL; no month asks the server for the last closed one. */
function usePayoutsQuery() {
  const [params, setParams] = useSearchParams();
  const month = params.get('month');
  const status = oneOf(PAYOUT_STATEMENT_STATUSES, params.get('status'));
  const query = useMemo(
    (): EndpointQuery<'adminPayouts'> => ({
      ...(month && MONTH.test(month) ? { month } : {}),
      ...(status ? { status } : {}),
    }),
    [month, status],
  );
  const set = (key: 'month' | 'status', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  return { query, status, set };
}

function PayoutRow({ payout, onRetry }: { payout: AdminPayout; onRetry(payout: AdminPayout): void }) {
  const t = useT();
  const format = useFormat();
  return (
    <tr role="row" data-testid="payout-row" className={stacked.row}>
      <td role="cell" className={`order-1 min-w-0 font-medium text-zinc-100 ${stacked.cell}`}>
        {payout.payee.username}
      </td>
      <td role="cell" className={`order-2 whitespace-nowrap text-right tabular-nums text-zinc-100 ${stacked.cell}`}>
        {format.money(payout.amountCents, payout.currency)}
        {payout.carriedOutCents !== 0 && (
          <span className="block text-xs text-zinc-400">
            {t('dashboard.payouts.carriedOn', { amount: format.money(payout.carriedOutCents, payout.currency) })}
          </span>
        )}
      </td>
      <td role="cell" className={`order-3 ${stacked.cell}`}>
        <PayoutStatusBadge status={payout.status} />
      </td>
      <td role="cell" className={`order-4 min-w-0 break-all font-mono text-xs text-zinc-300 ${stacked.cell}`}>
        <CellLabel>{t('dashboard.payouts.transfer')}</CellLabel>
        {payout.transferId ?? '—'}
      </td>
      <td role="cell" className={`order-5 min-w-0 text-xs text-rose-300 ${stacked.cell}`}>
        {payout.failureReason ?? ''}
      </td>
      <td role="cell" className={`order-6 tabular-nums text-zinc-300 ${stacked.cell}`}>
        <CellLabel>{t('dashboard.payouts.attempts')}</CellLabel>
        {format.count(payout.attempts)}
      </td>
      <td role="cell" className={`order-7 ${stacked.actions}`}>
        {payout.status === 'failed' && (
          <button
            type="button"
            className={rowButton}
            aria-label={t('dashboard.payouts.retryLabel', { name: payout.payee.username })}
            onClick={() => onRetry(payout)}
          >
            {t('dashboard.payouts.retry')}
          </button>
        )}
      </td>
    </tr>
  );
}

/** Asks before trying a failed transfer again, then says what became of it. */
function RetryDialog({ payout, onClose, onDone }: { payout: AdminPayout; onClose(): void; onDone(text: string): void }) {
  const t = useT();
  const format = useFormat();
  const retry = useRetryPayout();
  const amount = format.money(payout.amountCents, payout.currency);
  return (
    <ConfirmDialog
      title={t('dashboard.payouts.retryTitle', { name: payout.payee.username })}
      confirmLabel={t('dashboard.payouts.retryConfirm', { amount })}
      onClose={onClose}
      onConfirm={async () => {
        const after = await retry.mutateAsync(payout.id);
        onDone(
          t('dashboard.payouts.retried', {
            name: after.payee.username,
            status: payoutStatusLabel(t, after.status),
          }),
        );
      }}
      renderError={(error) => (error instanceof ApiError ? error.message : t('dashboard.payouts.retryFailed'))}
    >
      <p>{t('dashboard.payouts.retryText', { amount, reason: payout.failureReason ?? '—' })}</p>
    </ConfirmDialog>
  );
}

/**
 * /Dashboard/Finances/Payouts (admins; issue 38 §2): every payee's statement of a month (the last
 * closed one unless another is picked), failed first, with the month's totals per currency; a
 * failed transfer is tried again from its row.
 */
export default function PayoutsPage() {
  const t = useT();
  useDocumentTitle(t('dashboard.payouts.title'));
  const { query, status, set } = usePayoutsQuery();
  const payouts = useAdminPayouts(query);
  const [retrying, setRetrying] = useState<AdminPayout | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const monthId = useId();

  return (
    <div className="space-y-5">
      <PageHeader title={t('dashboard.payouts.title')} description={t('dashboard.payouts.description')} />
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={monthId} className="mb-1.5 block text-sm font-medium text-zinc-200">
            {t('dashboard.payouts.month')}
          </label>
          <input
            id={monthId}
            type="month"
            value={query.month ?? payouts.data?.month ?? ''}
            onChange={(event) => MONTH.test(event.target.value) && set('month', event.target.value)}
            className="rounded-lg border border-ink-700 bg-ink-900 px-3 py-2 text-sm text-zinc-100"
          />
        </div>
        <SelectField
          label={t('dashboard.finances.status')}
          value={status ?? ''}
          onChange={(event) => set('status', event.target.value)}
          className="w-48"
        >
          <option value="">{t('dashboard.payouts.allStatuses')}</option>
          {PAYOUT_STATEMENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {payoutStatusLabel(t, value)}
            </option>
          ))}
        </SelectField>
      </div>
      {outcome && (
        <p role="status" className="rounded-lg border border-emerald-500/30 bg-emerald-500/10 p-3 text-sm text-emerald-200">
          {outcome}
        </p>
      )}
      <QueryState query={payouts} loading={t('dashboard.payouts.loading')} error={t('dashboard.payouts.error')}>
        {(data) =>
          data.month === null ? (
            <p className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-zinc-400">{t('dashboard.payouts.noMonth')}</p>
          ) : (
            <div className="space-y-4">
              <PayoutTotals totals={data.totals} />
              {data.items.length === 0 ? (
                <p className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-zinc-400">
                  {t(status ? 'dashboard.payouts.noMatch' : 'dashboard.payouts.empty')}
                </p>
              ) : (
                <StackedTable
                  head={
                    <>
                      <Th>{t('dashboard.payouts.payee')}</Th>
                      <Th className="text-right">{t('dashboard.payouts.amount')}</Th>
                      <Th>{t('dashboard.finances.status')}</Th>
                      <Th>{t('dashboard.payouts.transfer')}</Th>
                      <Th>{t('dashboard.payouts.failure')}</Th>
                      <Th>{t('dashboard.payouts.attempts')}</Th>
                      <HiddenTh>{t('dashboard.payouts.actions')}</HiddenTh>
                    </>
                  }
                >
                  {data.items.map((payout) => (
                    <PayoutRow
                      key={payout.id}
                      payout={payout}
                      onRetry={(chosen) => {
                        setOutcome(null);
                        setRetrying(chosen);
                      }}
                    />
                  ))}
                </StackedTable>
              )}
            </div>
          )
        }
      </QueryState>
      {retrying && <RetryDialog payout={retrying} onClose={() => setRetrying(null)} onDone={setOutcome} />}
    </div>
  );
}
