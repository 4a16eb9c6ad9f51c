import { CONTENT_LANGUAGES_MAX } from '@inkwell/contract';
import { BookOpen, X } from 'lucide-react';
import { useId, useState } from 'react';
import { secondaryButton } from '../../components/button-styles';
import { useToast } from '../../components/toast/toast-context';
import { callApiData } from '../../lib/api-client';
import { CONTENT_LANGUAGE_CHOICES, useLanguageName } from '../../lib/edition';
import { useT } from '../../lib/i18n/i18n-context';
import { useProfile } from './profile-context';
import './messages';

/**
 * "Languages I read" (issue 35 §2): up to five, most wanted first. A series opens in the first of
 * them it has an edition in, else in the interface's language, else its original. Each change is
 * saved at once (PATCH ME/preferences).
 */
export function ContentLanguagesSection() {
  const t = useT();
  const toast = useToast();
  const languageName = useLanguageName();
  const { profile, refresh } = useProfile();
  const [languages, setLanguages] = useState<string[]>(profile?.contentLanguages ?? []);
  const [adding, setAdding] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const selectId = useId();
  const isFull = languages.length >= CONTENT_LANGUAGES_MAX;
  const offered = CONTENT_LANGUAGE_CHOICES.filter((tag) => !languages.includes(tag))
    .map((tag) => ({ tag, name: languageName(tag) }))
    .sort((a, b) => a.name.localeCompare(b.name));

  const save = async (next: string[]) => {
    setIsSaving(true);
    try {
      const saved = await callApiData('preferencesUpdate', { body: { contentLanguages: next } });
      setLanguages(saved.contentLanguages);
      setAdding('');
      toast({ type: 'success', message: t('profile.languages.saved'), duration: 3000 });
      void refresh();
    } catch {
      toast({ type: 'error', message: t('profile.languages.failed'), duration: 5000 });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <section
      className="rounded-xl border border-ink-800 bg-ink-900 p-4"
      aria-labelledby={`${selectId}-h`}
      data-testid="content-languages"
    >
      <h3 id={`${selectId}-h`} className="flex items-center gap-2 text-xs uppercase tracking-wider text-zinc-400">
        <BookOpen className="size-4" aria-hidden />
        {t('profile.languages.heading')}
      </h3>
      <p className="mt-1 text-sm text-zinc-400">{t('profile.languages.hint', { max: CONTENT_LANGUAGES_MAX })}</p>
      {languages.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-300">{t('profile.languages.none')}</p>
      ) : (
        <ol className="mt-3 flex flex-wrap gap-2">
          {languages.map((tag, index) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full border border-ink-700 bg-ink-800 py-1 pl-3 pr-1 text-sm text-zinc-100"
            >
              <span className="text-xs text-zinc-400">{index + 1}.</span>
              <span lang={tag}>{languageName(tag)}</span>
              <button
                type="button"
                disabled={isSaving}
                onClick={() => void save(languages.filter((other) => other !== tag))}
                aria-label={t('profile.languages.remove', { language: languageName(tag, 'sentence') })}
                className="rounded-full p-1 text-zinc-400 hover:bg-ink-700 hover:text-white disabled:opacity-50"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ol>
      )}
      {isFull ? (
        <p className="mt-3 text-sm text-zinc-400">{t('profile.languages.full', { max: CONTENT_LANGUAGES_MAX })}</p>
      ) : (
        <form
          className="mt-3 flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (adding) void save([...languages, adding]);
          }}
        >
          <label htmlFor={selectId} className="sr-only">
            {t('profile.languages.addLabel')}
          </label>
          <select
            id={selectId}
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
            className="rounded-md border border-ink-700 bg-ink-900 px-2 py-1.5 text-sm text-zinc-200"
          >
            <option value="">{t('profile.languages.choose')}</option>
            {offered.map(({ tag, name }) => (
              <option key={tag} value={tag} lang={tag}>
                {name}
              </option>
            ))}
          </select>
          <button type="submit" disabled={!adding || isSaving} className={secondaryButton}>
            {t('profile.languages.add')}
          </button>
        </form>
      )}
    </section>
  );
}
