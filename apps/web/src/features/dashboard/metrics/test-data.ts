import type { AdminMetrics, TeamMetrics } from '@inkwell/contract';

/** Answers of the metrics endpoints for the pages' tests: a three-day range, its middle day empty. */

export const TEAM = '/api/omegascans/secure/team';
export const ADMIN = '/api/omegascans/secure/admin';

export const ok =
  (data: unknown, status = 200) =>
  () =>
    Response.json({ success: true, data }, { status });

const zero = {};
const range = { from: '2025-03-01', to: '2025-03-03', days: 3 };

export function teamMetrics(overrides: Partial<TeamMetrics> = {}): TeamMetrics {
  return {
    range,
    days: [
      { day: '2025-03-01', views: 1200, followers: 4, comments: 7, unlocks: 2, unlockCoins: 30 },
      { day: '2025-03-02', views: 0, followers: 0, comments: 0, unlocks: 0, unlockCoins: 0 },
      { day: '2025-03-03', views: 35, followers: 1, comments: 2, unlocks: 1, unlockCoins: 10 },
    ],
    totals: { views: 1235, followers: 5, comments: 9, unlocks: 3, unlockCoins: 40 },
    topSeries: [
      { seriesId: '00000000-0000-4000-8000-000000000001', title: 'The Lantern Keeper', slug: 'lantern', views: 1000 },
      { seriesId: '00000000-0000-4000-8000-000000000002', title: 'Salt, "Sea" & Stone', slug: 'salt', views: 235 },
    ],
    topChapters: [
      {
        chapterId: '00000000-0000-4000-8000-000000000011',
        seriesId: '00000000-0000-4000-8000-000000000001',
        seriesTitle: 'The Lantern Keeper',
        seriesSlug: 'lantern',
        number: 3,
        title: 'Embers',
        slug: 'chapter-3',
        views: 600,
      },
    ],
    topUnlocks: [
      {
        chapterId: '00000000-0000-4000-8000-000000000011',
        seriesId: '00000000-0000-4000-8000-000000000001',
        seriesTitle: 'The Lantern Keeper',
        seriesSlug: 'lantern',
        number: 3,
        title: 'Embers',
        slug: 'chapter-3',
        unlocks: 3,
        coins: 40,
      },
    ],
    now: { reportedComments: 2, scheduledChapters: 5, draftChapters: 3, draftSeries: 1 },
    ...overrides,
  };
}

export function adminMetrics(overrides: Partial<AdminMetrics> = {}): AdminMetrics {
  return {
    range,
    days: [
      {
        day: '2025-03-01',
        paid: { ...zero, usd: 1000 },
        refunded: zero,
        net: { ...zero, usd: 1000 },
        coinsSold: 100,
        coinsSpent: 20,
        activeSubscriptions: 1,
        mrr: { ...zero, usd: 1000 },
        signups: 3,
      },
      {
        day: '2025-03-02',
        paid: zero,
        refunded: zero,
        net: zero,
        coinsSold: 0,
        coinsSpent: 0,
        activeSubscriptions: 1,
        mrr: { ...zero, usd: 1000 },
        signups: 0,
      },
      {
        day: '2025-03-03',
        paid: { ...zero, eur: 1500 },
        refunded: { ...zero, usd: 600 },
        net: { usd: -600, eur: 1500 },
        coinsSold: 200,
        coinsSpent: 5,
        activeSubscriptions: 2,
        mrr: { ...zero, usd: 1500 },
        signups: 1,
      },
    ],
    totals: {
      paid: { ...zero, usd: 1000, eur: 1500 },
      refunded: { ...zero, usd: 600 },
      net: { usd: 400, eur: 1500 },
      coinsSold: 300,
      coinsSpent: 25,
      signups: 4,
    },
    coinValue: { coinsSold: 300, paid: { ...zero, usd: 1000, eur: 1500 } },
    revenueBySeries: [
      {
        seriesId: '00000000-0000-4000-8000-000000000001',
        title: 'The Lantern Keeper',
        slug: 'lantern',
        unlocks: 2,
        coins: 20,
        value: { usd: 67, eur: 100 },
      },
    ],
    now: { activeSubscriptions: 2, mrr: { ...zero, usd: 1500 } },
    ...overrides,
  };
}
