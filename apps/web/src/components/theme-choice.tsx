import { Monitor, Moon, Sun } from 'lucide-react';
import { useT } from '../lib/i18n/i18n-context';
import { SITE_THEME_LABELS, SITE_THEMES, useSiteTheme, type SiteTheme } from '../lib/site-theme';
import '../lib/i18n/later-messages';

export const THEME_ICONS: Record<SiteTheme, typeof Sun> = { system: Monitor, light: Sun, dark: Moon };

/** System, Light or Dark as three radios in a row (the footer's, for readers and visitors alike). */
export function ThemeChoice() {
  const t = useT();
  const [theme, setTheme] = useSiteTheme();
  return (
    <fieldset className="flex items-center gap-2" data-testid="theme-choice">
      <legend className="sr-only">{t('common.components.theme.label')}</legend>
      <span aria-hidden>{t('common.components.theme.label')}</span>
      <span className="flex rounded-full border border-ink-700 p-0.5">
        {SITE_THEMES.map((option) => {
          const Icon = THEME_ICONS[option];
          return (
            <label
              key={option}
              title={t(SITE_THEME_LABELS[option])}
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
              <span className="sr-only">{t(SITE_THEME_LABELS[option])}</span>
            </label>
          );
        })}
      </span>
    </fieldset>
  );
}
