export { opdsRoutes } from './opds.routes';
// The catalogue addresses that always ask for a key (issue 39): app.ts's rewriteUrl and their hooks.
export { challengingAddressPlugin, plainAddress } from './challenging-address';
export { createOpdsService } from './opds.service';
// opds2: how many pages each chapter of a feed has.
export { pageCounts } from './queries/page-counts';
// opds2: a chapter's label in the app's language (its volume's too); a buy link's type and coins' currency code.
export { BUY_PAGE_TYPE, chapterLabel, COINS_CURRENCY } from './opds.format';
// opds2: the key's reader's new chapters, as the access rule opens them (issue 39 §3).
export { newChapters, newChapterTitle, NEW_CHAPTERS_PER_PAGE } from './queries/new-chapters';
