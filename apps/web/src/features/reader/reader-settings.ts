import { useCallback, useSyncExternalStore } from 'react';

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
    ['strip', 'paged'].includes(s.mode) &&
    ['ltr', 'rtl'].includes(s.direction) &&
    ['width', 'height', 'original'].includes(s.fit) &&
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
} as const;
type NovelFont = keyof typeof NOVEL_FONTS;

export const NOVEL_THEMES = {
  dark: { className: 'bg-[#14111f] text-zinc-200' },
  light: { className: 'bg-[#fbfaf7] text-zinc-900' },
  sepia: { className: 'bg-[#f4ecd8] text-[#5b4636]' },
} as const;
export type NovelTheme = keyof typeof NOVEL_THEMES;

export const NOVEL_WIDTHS = { narrow: 560, medium: 720, wide: 920 } as const;
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
export const FONT_SIZE = { min: 14, max: 28 };
export const LINE_HEIGHT = { min: 1.3, max: 2.2 };

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
