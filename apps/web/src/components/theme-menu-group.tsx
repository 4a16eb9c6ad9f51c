import { useT } from '../lib/i18n/i18n-context';
import { SITE_THEME_LABELS, SITE_THEMES, useSiteTheme } from '../lib/site-theme';
import { THEME_ICONS } from './theme-choice';
import '../lib/i18n/later-messages';

/** The same choice in the account menu, as menu radios that leave the menu open. */
export function ThemeMenuGroup() {
  const t = useT();
  const [theme, setTheme] = useSiteTheme();
  return (
    <div className="my-1 border-y border-ink-700 py-1" role="group" aria-label={t('common.components.theme.label')}>
      <p className="px-3 pb-1 pt-1 text-xs font-medium uppercase tracking-wider text-zinc-400">
        {t('common.components.theme.label')}
      </p>
      <div className="grid grid-cols-3 gap-1">
        {SITE_THEMES.map((option) => {
          const Icon = THEME_ICONS[option];
          return (
            <button
              key={option}
              type="button"
              role="menuitemradio"
              aria-checked={theme === option}
              onClick={() => setTheme(option)}
              className="flex items-center justify-center gap-1.5 rounded-md px-1 py-2 text-sm text-zinc-200 hover:bg-ink-700 aria-checked:bg-ink-700 aria-checked:font-medium aria-checked:text-zinc-100"
            >
              <Icon className="size-4" aria-hidden /> {t(SITE_THEME_LABELS[option])}
            </button>
          );
        })}
      </div>
    </div>
  );
}
