import type { ChapterContent } from '@inkwell/contract';
import { OriginalBadge } from '../../../components/original-badge';
import { useT } from '../../../lib/i18n/i18n-context';
import { creditLines } from '../../../lib/volumes';
import type { ReaderTheme } from '../reader-theme';
import { RentalNotice } from './rental-notice';
import '../messages';

/** What a chapter says under the bar: how long a rental lasts, an edition's fallback, who made it. */
export function ChapterNotices({ data, theme }: { data: ChapterContent; theme: ReaderTheme }) {
  const t = useT();
  const credits = creditLines(data.credits);
  return (
    <>
      {data.canRead && data.openUntil && (
        <RentalNotice
          chapter={data.chapter}
          openUntil={data.openUntil}
          chapterPath={`/SeriesView/${data.series.slug}/${data.chapter.slug}`}
          className={theme.button}
        />
      )}
      {data.fallback && (
        // The edition asked for lacks this chapter: the original is given, and said so.
        <div className="mx-auto flex max-w-3xl justify-center px-4 pt-3">
          <OriginalBadge language={data.language} />
        </div>
      )}
      {credits.length > 0 && (
        // Who made this chapter (issue 37 §2), under its title: its own credits, the series' for the rest.
        <p className={`mx-auto max-w-3xl px-4 pt-3 text-center text-xs ${theme.muted}`}>
          {credits.map((line) => t('reader.credits.role', line)).join(' · ')}
        </p>
      )}
    </>
  );
}
