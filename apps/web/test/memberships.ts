import type { Membership, TeamTier, Tier } from '@inkwell/contract';
import { TEAM_SERIES_ID } from './team-series';

/** Memberships per series (issue 38 §1) as the API answers them, for the web's tests. */
export const TIER_ID = '00000000-0000-4000-8000-0000000000f1';
export const MEMBERSHIP_ID = '00000000-0000-4000-8000-0000000000f9';

/** "Early readers" of the team's series: $3.00 a month, 7 days early, 50 coins. */
export const tierFixture = (over: Partial<Tier> = {}): Tier => ({
  id: TIER_ID,
  seriesId: TEAM_SERIES_ID,
  name: 'Early readers',
  description: 'Every chapter a week before everyone.',
  priceCents: 300,
  currency: 'usd',
  interval: 'month',
  earlyAccessDays: 7,
  coinsPerPeriod: 50,
  ...over,
});

export const teamTierFixture = (over: Partial<TeamTier> = {}): TeamTier => ({
  ...tierFixture(),
  isActive: true,
  position: 0,
  sold: 12,
  activeMembers: 9,
  createdAt: '2026-11-01T12:00:00.000Z',
  ...over,
});

export const membershipFixture = (over: Partial<Membership> = {}): Membership => ({
  id: MEMBERSHIP_ID,
  tier: tierFixture(),
  series: { id: TEAM_SERIES_ID, slug: 'ink-and-ash', title: 'Ink and Ash' },
  status: 'active',
  provider: 'test',
  startedAt: '2026-11-20T12:00:00.000Z',
  currentPeriodEnd: '2026-12-20T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  ...over,
});
