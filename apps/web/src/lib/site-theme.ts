import { useSyncExternalStore } from 'react';
import './i18n/later-messages';

/**
 * The site's theme (issue 33 §14): the system's by default, or the one a reader chose in this
 * browser. The choice is on <html data-theme>, which index.css turns into colours; "system" leaves
 * the attribute off and the stylesheet follows `prefers-color-scheme` with no script at all.
 */
export const SITE_THEMES = ['system', 'light', 'dark'] as const;
export type SiteTheme = (typeof SITE_THEMES)[number];

/** Where the choice is kept: index.html's first script reads the same key before the first paint. */
export const SITE_THEME_KEY = 'inkwell.theme';

/** Each choice's name: its message's id. */
export const SITE_THEME_LABELS: Record<SiteTheme, string> = {
  system: 'common.lib.theme.system',
  light: 'common.lib.theme.light',
  dark: 'common.lib.theme.dark',
};

const isSiteTheme = (value: unknown): value is SiteTheme => SITE_THEMES.includes(value as SiteTheme);

/** The kept choice; "system" when there is none, it is not one of ours, or storage is closed (private modes). */
export function readSiteTheme(storage: Pick<Storage, 'getItem'> | undefined): SiteTheme {
  try {
    const value = storage?.getItem(SITE_THEME_KEY);
    return isSiteTheme(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Keeps a choice and draws the page in it: "system" forgets the choice and gives the page back to the system. */
function chooseSiteTheme(theme: SiteTheme, root: HTMLElement, storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined) {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  try {
    if (theme === 'system') storage?.removeItem(SITE_THEME_KEY);
    else storage?.setItem(SITE_THEME_KEY, theme);
  } catch {
    // Storage refused (private modes): the choice holds for this page only.
  }
  for (const listener of listeners) listener();
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const handleStorage = (event: StorageEvent) => {
    if (event.key !== SITE_THEME_KEY && event.key !== null) return;
    const theme = readSiteTheme(localStorage);
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
    listener();
  };
  window.addEventListener('storage', handleStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', handleStorage);
  };
};

/**
 * The reader's choice and a way to change it. The server draws "system" (it cannot know), and the
 * browser's own choice follows hydration, so the page hydrates without a mismatch.
 */
export function useSiteTheme(): [SiteTheme, (theme: SiteTheme) => void] {
  const theme = useSyncExternalStore(
    subscribe,
    () => readSiteTheme(localStorage),
    () => 'system' as const,
  );
  return [theme, (next) => chooseSiteTheme(next, document.documentElement, localStorage)];
}
