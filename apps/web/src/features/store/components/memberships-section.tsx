import type { Membership } from '@inkwell/contract';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { secondaryButton } from '../../../components/button-styles';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { useToast } from '../../../components/toast/toast-context';
import { useAuth } from '../../../lib/auth/auth-context';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { useCancelMembership, useMyMemberships } from '../../../lib/memberships/memberships';
import '../messages';

function MembershipRow({ membership }: { membership: Membership }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const cancel = useCancelMembership();
  const [isConfirming, setIsConfirming] = useState(false);
  const { tier, series } = membership;
  const periodEnd = format.date(membership.currentPeriodEnd);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-4" data-testid="membership">
      <div className="min-w-0">
        <Link to={`/SeriesView/${series.slug}`} className="font-semibold text-white hover:underline">
          {series.title}
        </Link>
        <p className="text-sm text-zinc-300">
          {t('store.tiers.tierLine', {
            tier: tier.name,
            price: format.money(tier.priceCents, tier.currency),
            interval: tier.interval,
          })}
        </p>
        {tier.earlyAccessDays > 0 && (
          <p className="mt-0.5 flex items-center gap-1.5 text-xs text-zinc-400">
            <CalendarClock className="size-3.5" aria-hidden />
            {t('store.tiers.earlyDays', { count: tier.earlyAccessDays })}
          </p>
        )}
        <p className="mt-1 text-sm font-medium text-zinc-100" data-testid="membership-period">
          {membership.cancelAtPeriodEnd
            ? t('store.tiers.endsOn', { date: periodEnd })
            : t('store.tiers.renewsOn', { date: periodEnd })}
        </p>
      </div>
      {!membership.cancelAtPeriodEnd && (
        <button type="button" className={secondaryButton} onClick={() => setIsConfirming(true)}>
          {t('store.tiers.cancel')}
        </button>
      )}
      {isConfirming && (
        <ConfirmDialog
          title={t('store.tiers.confirmTitle', { series: series.title })}
          confirmLabel={t('store.tiers.confirmCancel')}
          onClose={() => setIsConfirming(false)}
          onConfirm={() =>
            cancel.mutateAsync(membership.id).then((updated) =>
              toast({
                type: 'success',
                message: t('store.tiers.cancelled', { series: series.title, date: format.date(updated.currentPeriodEnd) }),
                duration: 5000,
              }),
            )
          }
          renderError={(error) => (
            <p role="alert" className="mt-3 text-sm text-rose-300">
              {error instanceof Error && error.message ? error.message : t('store.tiers.cancelFailed')}
            </p>
          )}
        >
          <p>{t('store.tiers.confirmText', { date: periodEnd })}</p>
        </ConfirmDialog>
      )}
    </li>
  );
}

/**
 * The reader's memberships of series (issue 38 §1), on their Subscriptions page: each series and
 * tier, when it renews or ends, and Cancel at the end of the period paid for.
 */
export function MembershipsSection() {
  const t = useT();
  const { user } = useAuth();
  const memberships = useMyMemberships(user !== null);
  const items = memberships.data?.items.filter((item) => item.status !== 'ended') ?? [];
  return (
    <section aria-labelledby="memberships-heading" className="space-y-3" data-testid="memberships">
      <h2 id="memberships-heading" className="text-xl font-bold text-white">
        {t('store.tiers.heading')}
      </h2>
      {memberships.isError ? (
        <LoadError message={t('store.tiers.loadError')} onRetry={() => void memberships.refetch()} />
      ) : memberships.isPending ? (
        <div
          className="h-24 animate-pulse rounded-xl border border-ink-800 bg-ink-900"
          aria-busy="true"
          aria-label={t('store.tiers.loading')}
        />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-sm text-zinc-400">{t('store.tiers.none')}</p>
      ) : (
        <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900">
          {items.map((membership) => (
            <MembershipRow key={membership.id} membership={membership} />
          ))}
        </ul>
      )}
    </section>
  );
}
