import { CURRENCIES, type Currency, type PayoutAccount, type PayoutStatement } from '@inkwell/contract';
import { Landmark } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { primaryButton } from '../../../components/button-styles';
import { LoadError } from '../../../components/load-error';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePayoutAccount, usePayoutStatements, useStartPayoutOnboarding } from '../api/payouts';
import { PayoutStatusBadge, useMonthName } from '../payout-format';
import '../messages';

/** Goes where the provider's onboarding is: the built-in test page in the app, else Stripe's site. */
function useGoToOnboarding() {
  const navigate = useNavigate();
  return (url: string) => {
    if (url.startsWith('/')) void navigate(url);
    else window.location.assign(url);
  };
}

/** The payee's payout account: connect one (with its currency), finish setting it up, or where transfers go. */
function AccountCard({ account }: { account: PayoutAccount }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const goTo = useGoToOnboarding();
  const start = useStartPayoutOnboarding();
  const [currency, setCurrency] = useState<Currency>(account.currency ?? CURRENCIES[0]);
  const currencyId = useId();
  const headingId = useId();
  const begin = (chosen: Currency | undefined) =>
    start.mutate(chosen, {
      onSuccess: ({ onboardingUrl }) => goTo(onboardingUrl),
      onError: (error) =>
        toast({
          type: 'error',
          duration: 6000,
          message: error instanceof ApiError ? error.message : t('profile.payouts.account.startFailed'),
        }),
    });
  // Said in the currency the server counted it in; an older answer without it is said in the account's.
  const minimumCurrency = account.minimumCurrency ?? account.currency;

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-ink-800 bg-ink-900 p-5" data-testid="payout-account">
      <div className="flex items-start gap-3">
        <Landmark className="mt-0.5 size-5 shrink-0 text-accent-400" aria-hidden />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold text-white">
            {t('profile.payouts.account.title')}
          </h3>
          {account.status === 'active' ? (
            <p className="mt-1 text-sm text-zinc-300" data-testid="payout-account-status">
              {t('profile.payouts.account.active', { currency: (account.currency ?? currency).toUpperCase() })}
            </p>
          ) : account.status === 'pending' ? (
            <p className="mt-1 text-sm text-zinc-300" data-testid="payout-account-status">
              {t('profile.payouts.account.pending')}
            </p>
          ) : (
            <p className="mt-1 text-sm text-zinc-300" data-testid="payout-account-status">
              {t('profile.payouts.account.none')}
            </p>
          )}
          {minimumCurrency && (
            <p className="mt-1 text-sm text-zinc-400">
              {t('profile.payouts.account.minimum', { minimum: format.money(account.minimumCents, minimumCurrency) })}
            </p>
          )}
        </div>
      </div>
      {account.status === 'none' && (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={currencyId} className="mb-1 block text-xs font-medium text-zinc-300">
              {t('profile.payouts.account.currency')}
            </label>
            <select
              id={currencyId}
              value={currency}
              onChange={(event) => setCurrency(event.target.value as Currency)}
              className="rounded-lg border border-ink-700 bg-ink-900 px-3 py-2 text-sm text-zinc-100"
            >
              {CURRENCIES.map((item) => (
                <option key={item} value={item}>
                  {item.toUpperCase()}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className={primaryButton} disabled={start.isPending} onClick={() => begin(currency)}>
            {start.isPending ? t('profile.payouts.account.starting') : t('profile.payouts.account.connect')}
          </button>
        </div>
      )}
      {account.status === 'pending' && (
        <button type="button" className={`${primaryButton} mt-4`} disabled={start.isPending} onClick={() => begin(undefined)}>
          {start.isPending ? t('profile.payouts.account.starting') : t('profile.payouts.account.finish')}
        </button>
      )}
    </section>
  );
}

const cell = 'px-3 py-2 text-right';

/** Every month's statement, newest first; each month opens its printable statement. */
function StatementsTable({ items }: { items: PayoutStatement[] }) {
  const t = useT();
  const format = useFormat();
  const monthName = useMonthName();
  const headers = [
    'profile.payouts.column.earned',
    'profile.payouts.column.fee',
    'profile.payouts.column.adjustments',
    'profile.payouts.column.carriedIn',
    'profile.payouts.column.sent',
    'profile.payouts.column.carriedOut',
  ];
  return (
    <div className="overflow-x-auto rounded-xl border border-ink-800">
      <table className="w-full min-w-[56rem] text-sm">
        <caption className="sr-only">{t('profile.payouts.statementsCaption')}</caption>
        <thead className="bg-ink-900 text-left text-xs uppercase tracking-wider text-zinc-400">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t('profile.payouts.column.month')}
            </th>
            {headers.map((id) => (
              <th key={id} scope="col" className={cell}>
                {t(id)}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              {t('profile.payouts.column.status')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('profile.payouts.column.transfer')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-800 tabular-nums text-zinc-200">
          {items.map((item) => {
            const money = (cents: number) => format.money(cents, item.currency);
            return (
              <tr key={item.id} data-testid="payout-statement-row">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  <Link to={`/account/payouts/${item.month}`} className="text-accent-400 hover:underline">
                    {monthName(item.month)}
                  </Link>
                </th>
                <td className={cell}>{money(item.earnedCents)}</td>
                <td className={`${cell} text-zinc-400`}>−{money(item.feeCents)}</td>
                <td className={cell}>{money(item.adjustmentsCents)}</td>
                <td className={cell}>{money(item.carriedInCents)}</td>
                <td className={`${cell} font-semibold text-white`}>{money(item.amountCents)}</td>
                <td className={cell}>{money(item.carriedOutCents)}</td>
                <td className="px-3 py-2">
                  <PayoutStatusBadge status={item.status} />
                  {item.status === 'failed' && item.failureReason && (
                    <span className="mt-1 block text-xs text-rose-300">{item.failureReason}</span>
                  )}
                </td>
                <td className="px-3 py-2 font-mono text-xs text-zinc-300">{item.transferId ?? '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /account/payouts (issue 38 §2): where a payee's earnings go. Their payout account (connect one,
 * finish its setting up, or where transfers go), the site's minimum, and each closed month's
 * statement: earned, the site's fee, adjustments, what was carried in, sent and carried on.
 */
export default function PayoutsPage() {
  const t = useT();
  useDocumentTitle(t('profile.payouts.title'));
  const account = usePayoutAccount();
  const statements = usePayoutStatements();
  const statementsId = useId();

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold text-white">{t('profile.payouts.title')}</h2>
          <p className="mt-1 text-sm text-zinc-400">{t('profile.payouts.intro')}</p>
        </div>
        <Link to="/profile/earnings" className="text-sm font-semibold text-accent-400 hover:underline">
          {t('profile.payouts.toEarnings')}
        </Link>
      </div>

      {account.isError ? (
        <LoadError message={t('profile.payouts.account.loadFailed')} onRetry={() => void account.refetch()} />
      ) : !account.data ? (
        <div className="h-28 animate-pulse rounded-xl bg-ink-900" aria-label={t('profile.payouts.loading')} />
      ) : (
        <AccountCard account={account.data} />
      )}

      <section aria-labelledby={statementsId} className="space-y-2">
        <h3 id={statementsId} className="text-sm font-semibold text-zinc-200">
          {t('profile.payouts.statements')}
        </h3>
        {statements.isError ? (
          <LoadError message={t('profile.payouts.statementsFailed')} onRetry={() => void statements.refetch()} />
        ) : !statements.data ? (
          <div className="h-32 animate-pulse rounded-xl bg-ink-900" aria-label={t('profile.payouts.loading')} />
        ) : statements.data.items.length === 0 ? (
          <p className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-sm text-zinc-400">
            {t('profile.payouts.noStatements')}
          </p>
        ) : (
          <StatementsTable items={statements.data.items} />
        )}
      </section>
    </div>
  );
}
