import type confetti from 'canvas-confetti';
import { AtSign, GitBranch, Globe, Mail } from 'lucide-react';
import { useEffect, useState, type ComponentType } from 'react';
import { LanguageChoice } from '../components/language-choice';
import { Logo } from '../components/logo';
import { useT } from '../lib/i18n/i18n-context';
import { useSiteSettings } from './site-settings';

// lucide has no brand marks; these stand for each kind of contact.
const CONTACT_ICONS = { github: GitBranch, email: Mail, x: AtSign, website: Globe } as const;
const CONTACT_LABELS = {
  github: 'common.footer.contact.github',
  email: 'common.footer.contact.email',
  x: 'common.footer.contact.x',
  website: 'common.footer.contact.website',
} as const;

/** Where the theme choice goes until it is drawn, its size, so nothing beside it moves. */
const themeChoiceRoom = <span className="h-[34px] w-[140px]" />;

/**
 * The theme choice is not needed to read, and the server cannot know the reader's choice: it is
 * drawn in the browser once the page is up, its code fetched then (the reader's JavaScript budget).
 */
function ThemeChoiceWhenUp() {
  const [Choice, setChoice] = useState<ComponentType>();
  useEffect(() => {
    import('../components/theme-choice').then((module) => setChoice(() => module.ThemeChoice)).catch(() => {});
  }, []);
  return Choice ? <Choice /> : themeChoiceRoom;
}

let cannon: Promise<confetti.CreateTypes> | undefined;

/**
 * Confetti is loaded on the first click only, so readers never download it otherwise. It draws on
 * the main thread: canvas-confetti's default cannon runs in a Worker made from a blob: URL, which
 * our Content-Security-Policy refuses (worker-src falls back to script-src 'self'). Allowing
 * blob: workers site-wide for a footer flourish would weaken the policy; a few frames of
 * particles on the main thread cost nothing.
 */
function loadConfetti(): Promise<confetti.CreateTypes> {
  cannon ??= import('canvas-confetti').then(({ default: library }) =>
    library.create(undefined, { useWorker: false, resize: true, disableForReducedMotion: true }),
  );
  return cannon;
}

async function fireConfetti(origin: { x: number; y: number }) {
  const fire = await loadConfetti();
  await fire({ particleCount: 120, spread: 70, origin });
}

/** SPEC §2 Footer: a logo, a copyright line, developer contacts, the site's theme; the developer's name fires confetti. */
export function Footer() {
  const t = useT();
  const settings = useSiteSettings();
  const siteName = settings.data?.siteName ?? 'Inkwell';
  const developer = settings.data?.developerName ?? t('common.footer.defaultDeveloper');
  const contacts = settings.data?.contacts ?? [];
  return (
    <footer className="site-footer mt-16 border-t border-ink-800 bg-ink-900/60">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-8 text-sm text-zinc-400 md:flex-row md:justify-between">
        <div className="flex items-center gap-3">
          <Logo />
        </div>
        {/* The year turns at different moments for the server and the reader. */}
        <p suppressHydrationWarning>{t('common.footer.copyright', { year: new Date().getFullYear(), siteName })}</p>
        <LanguageChoice />
        <ThemeChoiceWhenUp />
        <div className="flex items-center gap-3">
          <span>
            {t('common.footer.madeBy')}{' '}
            <button
              type="button"
              data-testid="developer-name"
              onClick={(event) =>
                void fireConfetti({ x: event.clientX / window.innerWidth, y: event.clientY / window.innerHeight })
              }
              className="font-semibold text-accent-400 hover:underline"
            >
              {developer}
            </button>
          </span>
          {contacts.map((contact) => {
            const Icon = CONTACT_ICONS[contact.kind];
            return (
              <a
                key={contact.url}
                href={contact.url}
                target="_blank"
                rel="noreferrer noopener"
                aria-label={t(CONTACT_LABELS[contact.kind])}
                className="rounded-full p-1.5 text-zinc-400 hover:bg-ink-800 hover:text-white"
              >
                <Icon className="size-4" aria-hidden />
              </a>
            );
          })}
        </div>
      </div>
    </footer>
  );
}
