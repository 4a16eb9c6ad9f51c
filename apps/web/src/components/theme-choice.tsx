import { Monitor, Moon, Sun } from 'lucide-react';
import { SITE_THEME_LABELS, SITE_THEMES, useSiteTheme, type SiteTheme } from '../lib/site-theme';

const ICONS: Record<SiteTheme, typeof Sun> = { system: Monitor, light: Sun, dark: Moon };

/** System, Light or Dark as three radios in a row (the footer's, for readers and visitors alike). */
export function ThemeChoice() {
  const [theme, setTheme] = useSiteTheme();
  return (
    <fieldset className="flex items-center gap-2" data-testid="theme-choice">
      <legend className="sr-only">Theme</legend>
      <span aria-hidden>Theme</span>
      <span className="flex rounded-full border border-ink-700 p-0.5">
        {SITE_THEMES.map((option) => {
          const Icon = ICONS[option];
          return (
            <label
              key={option}
              title={SITE_THEME_LABELS[option]}
              className="flex cursor-pointer items-center rounded-full p-1.5 text-zinc-400 hover:text-zinc-100 has-[:checked]:bg-ink-700 has-[:checked]:text-zinc-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-400"
            >
              <input
                type="radio"
                name="site-theme"
                value={option}
                checked={theme === option}
                onChange={() => setTheme(option)}
                className="sr-only"
              />
              <Icon className="size-4" aria-hidden />
              <span className="sr-only">{SITE_THEME_LABELS[option]}</span>
            </label>
          );
        })}
      </span>
    </fieldset>
  );
}

/** The same choice in the account menu, as menu radios that leave the menu open. */
export function ThemeMenuGroup() {
  const [theme, setTheme] = useSiteTheme();
  return (
    <div className="my-1 border-y border-ink-700 py-1" role="group" aria-label="Theme">
      <p className="px-3 pb-1 pt-1 text-xs font-medium uppercase tracking-wider text-zinc-400">Theme</p>
      <div className="grid grid-cols-3 gap-1">
        {SITE_THEMES.map((option) => {
          const Icon = ICONS[option];
          return (
            <button
              key={option}
              type="button"
              role="menuitemradio"
              aria-checked={theme === option}
              onClick={() => setTheme(option)}
              className="flex items-center justify-center gap-1.5 rounded-md px-1 py-2 text-sm text-zinc-200 hover:bg-ink-700 aria-checked:bg-ink-700 aria-checked:font-medium aria-checked:text-zinc-100"
            >
              <Icon className="size-4" aria-hidden /> {SITE_THEME_LABELS[option]}
            </button>
          );
        })}
      </div>
    </div>
  );
}
