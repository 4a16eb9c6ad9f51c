import { lazyPart } from '../lib/lazy-part';

/**
 * Memberships' parts (issue 38 §1), each a chunk of its own with its words (common.tiers): most
 * pages and chapters never draw them, so the reader's first JavaScript does not carry them.
 */
export const SeriesTiersPart = lazyPart('series-tiers', () => import('./series-tiers').then((module) => module.SeriesTiers));

/** "Early access · public in 3 days" on a member's early chapter; its width is held while its code comes. */
export const EarlyAccessMarkPart = lazyPart(
  'early-access-mark',
  () => import('./early-access-mark').then((module) => module.EarlyAccessMark),
  { fallback: <span className="inline-block h-6 w-40" aria-hidden /> },
);
