import {
  NOVEL_FONT_SIZE,
  NOVEL_LINE_HEIGHT,
  type NOVEL_FONT_NAMES,
  type NOVEL_THEME_NAMES,
  type NOVEL_WIDTH_NAMES,
  READER_FITS,
  READER_MODES,
  READER_DIRECTIONS,
  type ReaderDefaults,
  type SeriesReaderSettings,
} from '@inkwell/contract';
import { useCallback, useEffect, useSyncExternalStore } from 'react';

/**
 * Settings kept on this device (SPEC: remembered), read defensively: a bad entry falls back to
 * defaults. A page rendered on the server draws the defaults (it cannot see this device), and so
 * does the browser while it takes the page over; the saved settings apply right after.
 */
function createSettingsStore<T extends object>(key: string, defaults: T, isValid: (value: T) => boolean) {
  const listeners = new Set<() => void>();
  // Parsed once per stored text, so the snapshot stays the same object until the text changes.
  let parsed: { raw: string | null; value: T } = { raw: null, value: defaults };
  // Where a change lives when storage refuses it (private mode, a full quota): it still applies for this visit.
  let unsaved: T | undefined;

  const parse = (raw: string | null): T => {
    if (!raw) return defaults;
    try {
      const merged = { ...defaults, ...(JSON.parse(raw) as Partial<T>) };
      return isValid(merged) ? merged : defaults;
    } catch {
      return defaults;
    }
  };
  const read = (): T => {
    if (unsaved) return unsaved;
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      // No storage: the defaults.
    }
    if (raw !== parsed.raw) parsed = { raw, value: parse(raw) };
    return parsed.value;
  };
  return {
    read,
    readOnServer: () => defaults,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    update(patch: Partial<T>) {
      const next = { ...read(), ...patch };
      try {
        localStorage.setItem(key, JSON.stringify(next));
        unsaved = undefined;
      } catch {
        unsaved = next;
      }
      listeners.forEach((listener) => listener());
    },
  };
}

function usePersistentSettings<T extends object>(store: ReturnType<typeof createSettingsStore<T>>) {
  const settings = useSyncExternalStore(store.subscribe, store.read, store.readOnServer);
  const update = useCallback((patch: Partial<T>) => store.update(patch), [store]);
  return [settings, update] as const;
}

export interface ComicSettings {
  mode: 'strip' | 'paged';
  direction: 'ltr' | 'rtl';
  fit: 'width' | 'height' | 'original';
  /** Pixels between pages in the long strip. */
  gap: number;
  /** Data saver (issue 11 §2): smaller, lighter pages for a metered connection. */
  quality: 'full' | 'saver';
  /** The reader's own mode, direction and fit per series id (issue 39 §2): the account's, or this device's for a visitor. */
  series?: Record<string, Partial<SeriesReaderSettings>>;
}
const COMIC_DEFAULTS: ComicSettings = { mode: 'strip', direction: 'ltr', fit: 'width', gap: 0, quality: 'full' };

/** A page's address in the chosen quality: the saver variant rides on the same signed link. */
export const pageUrl = (page: { url: string }, quality: ComicSettings['quality']) =>
  quality === 'saver' ? `${page.url}${page.url.includes('?') ? '&' : '?'}q=saver` : page.url;
export const COMIC_SETTINGS_KEY = 'inkwell.reader.comic';
export const GAP_MAX = 48;

const comicSettings = createSettingsStore<ComicSettings>(
  COMIC_SETTINGS_KEY,
  COMIC_DEFAULTS,
  (s) =>
    READER_MODES.includes(s.mode) &&
    READER_DIRECTIONS.includes(s.direction) &&
    READER_FITS.includes(s.fit) &&
    ['full', 'saver'].includes(s.quality) &&
    Number.isInteger(s.gap) &&
    s.gap >= 0 &&
    s.gap <= GAP_MAX,
);

export const NOVEL_FONTS = {
  serif: { stack: "Georgia, 'Iowan Old Style', 'Times New Roman', serif" },
  sans: { stack: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
  dyslexic: { stack: "'OpenDyslexic', 'Comic Sans MS', sans-serif" },
  mono: { stack: "ui-monospace, 'DejaVu Sans Mono', monospace" },
} as const satisfies Record<(typeof NOVEL_FONT_NAMES)[number], unknown>;
type NovelFont = keyof typeof NOVEL_FONTS;

export const NOVEL_THEMES = {
  dark: { className: 'bg-[#14111f] text-zinc-200' },
  light: { className: 'bg-[#fbfaf7] text-zinc-900' },
  sepia: { className: 'bg-[#f4ecd8] text-[#5b4636]' },
} as const satisfies Record<(typeof NOVEL_THEME_NAMES)[number], unknown>;
export type NovelTheme = keyof typeof NOVEL_THEMES;

export const NOVEL_WIDTHS = { narrow: 560, medium: 720, wide: 920 } as const satisfies Record<
  (typeof NOVEL_WIDTH_NAMES)[number],
  number
>;
type NovelWidth = keyof typeof NOVEL_WIDTHS;

export interface NovelSettings {
  font: NovelFont;
  size: number;
  lineHeight: number;
  width: NovelWidth;
  theme: NovelTheme;
}
const NOVEL_DEFAULTS: NovelSettings = { font: 'serif', size: 18, lineHeight: 1.7, width: 'medium', theme: 'dark' };
export const NOVEL_SETTINGS_KEY = 'inkwell.reader.novel';
// The account keeps the same limits (the contract's, issue 39 §2).
export const FONT_SIZE = NOVEL_FONT_SIZE;
export const LINE_HEIGHT = NOVEL_LINE_HEIGHT;

const novelSettings = createSettingsStore<NovelSettings>(
  NOVEL_SETTINGS_KEY,
  NOVEL_DEFAULTS,
  (s) =>
    s.font in NOVEL_FONTS &&
    s.theme in NOVEL_THEMES &&
    s.width in NOVEL_WIDTHS &&
    s.size >= FONT_SIZE.min &&
    s.size <= FONT_SIZE.max &&
    s.lineHeight >= LINE_HEIGHT.min &&
    s.lineHeight <= LINE_HEIGHT.max,
);

export const useComicSettings = () => usePersistentSettings(comicSettings);
export const useNovelSettings = () => usePersistentSettings(novelSettings);

/**
 * A comic's settings as it opens (issue 39 §2), each of mode, direction and fit: the reader's own
 * choice for the series, else the series' default, else their general choice (the account's, kept
 * on this device as it loads, else this device's own), else the built-in default.
 */
export function resolveComic(
  general: ComicSettings,
  {
    id,
    readerDefaults,
    readingDirection,
  }: { id: string; readerDefaults?: ReaderDefaults; readingDirection?: ReaderDefaults['direction'] },
) {
  const own = general.series?.[id];
  // An answer from before the defaults (a chapter kept offline) has the direction alone.
  const defaults = readerDefaults ?? { mode: null, direction: readingDirection };
  return {
    ...general,
    mode: own?.mode ?? defaults.mode ?? general.mode,
    direction: own?.direction ?? defaults.direction ?? general.direction,
    fit: own?.fit ?? general.fit,
  };
}

/** This device's stores, which account-settings.ts fills from the account. */
const settingsStores = { comic: comicSettings, novel: novelSettings };

type SeriesOfChapter = Parameters<typeof resolveComic>[1];

/**
 * A comic's settings as the reader reads this series (`resolveComic`). A signed-in reader's account
 * settings are asked as the series opens (account-settings.ts, fetched then): after hydrating, so the
 * page the server drew is the one the browser takes over; another browser's changes apply on the next load.
 */
export function useReaderComic(general: ComicSettings, series: SeriesOfChapter | undefined, isSignedIn: boolean) {
  const seriesId = series?.id;
  useEffect(() => {
    if (isSignedIn && seriesId)
      void import('./account-settings').then((module) => module.loadAccountSettings(seriesId, settingsStores));
  }, [isSignedIn, seriesId]);
  return series ? resolveComic(general, series) : general;
}
