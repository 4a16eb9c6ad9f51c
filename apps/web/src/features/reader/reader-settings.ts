import { useCallback, useState } from 'react';

/** Settings kept on this device (SPEC: remembered), read defensively: a bad entry falls back to defaults. */
function usePersistentSettings<T extends object>(key: string, defaults: T, isValid: (value: T) => boolean) {
  const [settings, setSettings] = useState<T>(() => {
    try {
      const raw = localStorage.getItem(key);
      if (!raw) return defaults;
      const merged = { ...defaults, ...(JSON.parse(raw) as Partial<T>) };
      return isValid(merged) ? merged : defaults;
    } catch {
      return defaults;
    }
  });
  const update = useCallback(
    (patch: Partial<T>) =>
      setSettings((current) => {
        const next = { ...current, ...patch };
        try {
          localStorage.setItem(key, JSON.stringify(next));
        } catch {
          // Private mode or a full quota: the setting still applies for this visit.
        }
        return next;
      }),
    [key],
  );
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
export const COMIC_DEFAULTS: ComicSettings = { mode: 'strip', direction: 'ltr', fit: 'width', gap: 0, quality: 'full' };

/** A page's address in the chosen quality: the saver variant rides on the same signed link. */
export const pageUrl = (page: { url: string }, quality: ComicSettings['quality']) =>
  quality === 'saver' ? `${page.url}${page.url.includes('?') ? '&' : '?'}q=saver` : page.url;
export const COMIC_SETTINGS_KEY = 'inkwell.reader.comic';
export const GAP_MAX = 48;

export const useComicSettings = () =>
  usePersistentSettings<ComicSettings>(
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
  serif: { label: 'Serif', stack: "Georgia, 'Iowan Old Style', 'Times New Roman', serif" },
  sans: { label: 'Sans-serif', stack: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
  dyslexic: { label: 'OpenDyslexic', stack: "'OpenDyslexic', 'Comic Sans MS', sans-serif" },
  mono: { label: 'Monospace', stack: "ui-monospace, 'DejaVu Sans Mono', monospace" },
} as const;
export type NovelFont = keyof typeof NOVEL_FONTS;

export const NOVEL_THEMES = {
  dark: { label: 'Dark', className: 'bg-[#14111f] text-zinc-200' },
  light: { label: 'Light', className: 'bg-[#fbfaf7] text-zinc-900' },
  sepia: { label: 'Sepia', className: 'bg-[#f4ecd8] text-[#5b4636]' },
} as const;
export type NovelTheme = keyof typeof NOVEL_THEMES;

export const NOVEL_WIDTHS = { narrow: 560, medium: 720, wide: 920 } as const;
export type NovelWidth = keyof typeof NOVEL_WIDTHS;

export interface NovelSettings {
  font: NovelFont;
  size: number;
  lineHeight: number;
  width: NovelWidth;
  theme: NovelTheme;
}
export const NOVEL_DEFAULTS: NovelSettings = { font: 'serif', size: 18, lineHeight: 1.7, width: 'medium', theme: 'dark' };
export const NOVEL_SETTINGS_KEY = 'inkwell.reader.novel';
export const FONT_SIZE = { min: 14, max: 28 };
export const LINE_HEIGHT = { min: 1.3, max: 2.2 };

export const useNovelSettings = () =>
  usePersistentSettings<NovelSettings>(
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
