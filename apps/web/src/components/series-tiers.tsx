import type { Membership, Tier } from '@inkwell/contract';
import { CalendarClock, Coins, Heart } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { primaryButton } from './button-styles';
import { useAuth } from '../lib/auth/auth-context';
import { useFormat } from '../lib/i18n/format';
import { useT } from '../lib/i18n/i18n-context';
import { useJoinTier, useMyMemberships, useSeriesTiers } from '../lib/memberships/memberships';
import '../lib/i18n/tiers-messages';

interface SeriesTiersProps {
  series: { id: string; slug: string; title: string };
  /** Where the checkout brings the new member back: the series page, or the chapter they were stopped at. */
  returnTo: string;
  /** The series page's section, or the lock panel's quieter offer. */
  variant?: 'page' | 'lock';
}

/** "You are a member · renews on Dec 29, 2026", or "· ends on …" once cancelled. */
function MemberLine({ membership }: { membership: Membership }) {
  const t = useT();
  const format = useFormat();
  const date = format.date(membership.currentPeriodEnd);
  return (
    <p
      className="mt-3 rounded-xl border border-emerald-500/30 bg-emerald-500/10 p-3 text-sm text-emerald-200"
      data-testid="member-line"
    >
      {t(membership.cancelAtPeriodEnd ? 'common.tiers.memberEnds' : 'common.tiers.memberRenews', {
        tier: membership.tier.name,
        date,
      })}{' '}
      <Link to="/profile/subscriptions" className="font-semibold text-emerald-100 underline">
        {t('common.tiers.manage')}
      </Link>
    </p>
  );
}

function TierCard({ tier, isBusy, isDisabled, onJoin }: { tier: Tier; isBusy: boolean; isDisabled: boolean; onJoin(): void }) {
  const t = useT();
  const format = useFormat();
  const { user } = useAuth();
  const location = useLocation();
  const headingId = `tier-${tier.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-xl border border-ink-700 bg-ink-950 p-4 text-left"
      data-testid="tier-card"
    >
      <h3 id={headingId} className="font-bold text-white">
        {tier.name}
      </h3>
      {tier.description && <p className="mt-1 text-sm text-zinc-400">{tier.description}</p>}
      <p className="mt-3 text-2xl font-bold text-white">
        {format.money(tier.priceCents, tier.currency)}
        <span className="text-sm font-medium text-zinc-400"> {t('common.tiers.per', { interval: tier.interval })}</span>
      </p>
      <ul className="mt-3 flex-1 space-y-1.5 text-sm text-zinc-200">
        {tier.earlyAccessDays > 0 && (
          <li className="flex items-center gap-2">
            <CalendarClock className="size-4 text-accent-300" aria-hidden />
            {t('common.tiers.readEarly', { count: tier.earlyAccessDays })}
          </li>
        )}
        {tier.coinsPerPeriod > 0 && (
          <li className="flex items-center gap-2">
            <Coins className="size-4 text-amber-300" aria-hidden />
            {t('common.tiers.coinsEvery', {
              count: tier.coinsPerPeriod,
              coins: format.count(tier.coinsPerPeriod),
              interval: tier.interval,
            })}
          </li>
        )}
      </ul>
      <div className="mt-4">
        {user ? (
          <button
            type="button"
            onClick={onJoin}
            disabled={isDisabled}
            aria-describedby={headingId}
            className={`${primaryButton} w-full`}
          >
            {isBusy ? t('common.tiers.opening') : t('common.tiers.join')}
          </button>
        ) : (
          <Link to="/login" state={{ from: location.pathname + location.search }} className={`${primaryButton} w-full`}>
            {t('common.tiers.logInToJoin')}
          </Link>
        )}
      </div>
    </article>
  );
}

/**
 * "Support this series" (issue 38 §1): the series' membership tiers, each with its price per
 * month or year, how many days early its members read and the coins it gives; Join opens the
 * checkout as a plan's does (a visitor is sent to log in first). A member sees their membership
 * instead. Nothing at all for a series without tiers.
 */
export function SeriesTiers({ series, returnTo, variant = 'page' }: SeriesTiersProps) {
  const t = useT();
  const { user } = useAuth();
  const tiers = useSeriesTiers(series.id);
  const memberships = useMyMemberships(user !== null);
  const join = useJoinTier(returnTo);
  const membership = memberships.data?.items.find((item) => item.series.id === series.id && item.status !== 'ended');
  const items = tiers.data?.items ?? [];
  if (!membership && items.length === 0) return null;
  // A member's lock panel has nothing to sell (the chapter is not theirs yet for another reason).
  if (membership && variant === 'lock') return null;
  const isPage = variant === 'page';

  return (
    <section
      aria-labelledby={`tiers-heading-${variant}`}
      className={isPage ? 'mt-10 rounded-2xl border border-ink-800 bg-ink-900 p-5' : 'mt-6 border-t border-ink-800 pt-5'}
      data-testid="series-tiers"
    >
      <h2
        id={`tiers-heading-${variant}`}
        className={`flex items-center gap-2 font-bold text-white ${isPage ? 'text-lg' : 'justify-center text-base'}`}
      >
        {isPage && <Heart className="size-5 text-rose-300" aria-hidden />}
        {t(isPage ? 'common.tiers.heading' : 'common.tiers.lockHeading')}
      </h2>
      {!isPage && <p className="mt-1 text-sm text-zinc-400">{t('common.tiers.lockIntro', { title: series.title })}</p>}
      {membership ? (
        <MemberLine membership={membership} />
      ) : (
        <>
          {join.isError && (
            <p role="alert" className="mt-3 rounded-xl border border-rose-500/40 bg-rose-500/10 p-3 text-sm text-rose-200">
              {join.error.message || t('common.tiers.checkoutFailed')}
            </p>
          )}
          <ul className={`mt-4 grid gap-3 ${items.length > 1 ? 'sm:grid-cols-2' : ''}`}>
            {items.map((tier) => (
              <li key={tier.id}>
                <TierCard
                  tier={tier}
                  isBusy={join.isPending && join.variables?.id === tier.id}
                  isDisabled={join.isPending || join.isSuccess}
                  onJoin={() => join.join(tier)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
