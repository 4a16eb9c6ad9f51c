import { lazyPart } from '../../lib/lazy-part';

/**
 * The reader's parts that most chapters never draw, each a chunk of its own (issue 18 §2): the
 * lock panel (only a priced chapter has one) and the settings panels (only once opened, and their
 * code is fetched as soon as the browser is idle, so they open at once).
 */
export const LockedChapter = lazyPart(
  'reader/locked-chapter',
  () => import('./locked-chapter').then((module) => module.LockedChapter),
  {
    // The panel's usual height, held while its code arrives after moving to a priced chapter.
    fallback: <div className="min-h-72" aria-busy="true" />,
  },
);

export const ComicSettingsPanel = lazyPart(
  'reader/comic-settings',
  () => import('./reader-settings-panel').then((module) => module.ComicSettingsPanel),
  { preloadWhenIdle: true },
);

export const NovelSettingsPanel = lazyPart(
  'reader/novel-settings',
  () => import('./reader-settings-panel').then((module) => module.NovelSettingsPanel),
  { preloadWhenIdle: true },
);

/**
 * A member's early chapter (issue 38 §1): "Early access · public in 3 days" in the bar, fetched
 * only when a chapter is early for this reader; its width is held while its code comes. Defined
 * here, in the page's own chunk, so the reader's first JavaScript gains no chunk of its own.
 */
export const EarlyAccessMarkPart = lazyPart(
  'reader/early-access-mark',
  () => import('../../components/early-access-mark').then((module) => module.EarlyAccessMark),
  { fallback: <span className="inline-block h-6 w-40" aria-hidden /> },
);

/**
 * The phone's sheets (its bottom bar's chapters and settings) draw in this, fetched as the browser
 * is idle: most readers never open one.
 */
export const BottomSheet = lazyPart(
  'reader/bottom-sheet',
  () => import('./components/bottom-sheet').then((module) => module.BottomSheet),
  { preloadWhenIdle: true },
);

/** The phone's list of chapters (its bottom bar's Chapters), fetched as the browser is idle. */
export const ChapterListSheet = lazyPart(
  'reader/chapter-list',
  () => import('./components/chapter-list-sheet').then((module) => module.default),
  { preloadWhenIdle: true },
);
