import type { SeriesDetail } from '@inkwell/contract';
import { Languages } from 'lucide-react';
import { Link } from 'react-router';
import { editionPath, useLanguageName } from '../../../lib/edition';
import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

/**
 * The series' editions by their language's name (issue 35 §2), the original first: each a link to
 * the series page in it (`?lang=`), so each is its own page for readers and search engines alike.
 */
export function EditionPicker({ series }: { series: Pick<SeriesDetail, 'slug' | 'language' | 'originalLanguage' | 'editions'> }) {
  const t = useT();
  const languageName = useLanguageName();
  if (series.editions.length < 2) return null;
  return (
    <nav
      aria-label={t('catalogue.editions.label')}
      className="mt-3 flex flex-wrap items-center gap-2 text-sm"
      data-testid="edition-picker"
    >
      <span className="inline-flex items-center gap-1 text-zinc-400">
        <Languages className="size-4" aria-hidden />
        {t('catalogue.editions.readIn')}
      </span>
      {series.editions.map((edition) => {
        const isCurrent = edition.language === series.language;
        const name = languageName(edition.language);
        return (
          <Link
            key={edition.language}
            to={editionPath(`/SeriesView/${series.slug}`, edition.language)}
            hrefLang={edition.language}
            aria-current={isCurrent ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 ${
              isCurrent
                ? 'border-accent-500 bg-accent-600/20 font-semibold text-white'
                : 'border-ink-700 text-zinc-200 hover:border-accent-500 hover:text-white'
            }`}
          >
            {edition.language === series.originalLanguage ? t('catalogue.editions.originalName', { language: name }) : name}
          </Link>
        );
      })}
    </nav>
  );
}
