import type { ChapterContent, ChapterSummary } from '@inkwell/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { EarlyAccessMark } from '../../../components/early-access-mark';
import { editionPath, useEdition } from '../../../lib/edition';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { BottomSheet } from './bottom-sheet';
import '../messages';

/**
 * The series' chapters around the one being read, newest first, with their state for this reader;
 * the one being read is marked, and a series with volumes names each. A long series links to its
 * page for the rest. Its code comes as it first opens (reader-parts.tsx); `label` is the picker's
 * (chapterOptionLabel), given by the page so this part's chunk does not share it.
 */
export default function ChapterListSheet({
  data,
  label,
  onClose,
}: {
  data: ChapterContent;
  label(chapter: ChapterSummary): string;
  onClose(): void;
}) {
  const t = useT();
  const format = useFormat();
  const lang = useEdition();
  const currentRef = useRef<HTMLAnchorElement>(null);
  const hasVolumes = data.chapters.some((chapter) => chapter.volume != null);
  // A long series opens at the chapter being read, not at the newest.
  useEffect(() => {
    // Braces: newer browsers return a promise from scrollIntoView, which must not become the effect's cleanup.
    currentRef.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <BottomSheet title={t('reader.bottom.chapters')} closeLabel={t('reader.sheet.closeChapters')} onClose={onClose}>
      <ul className="divide-y divide-ink-800">
        {data.chapters.map((chapter, index) => {
          const isCurrent = chapter.slug === data.chapter.slug;
          const volume = chapter.volume ?? null;
          // By volume when the series has volumes (issue 37 §2): a volume's name where its run begins.
          const isNewVolume = hasVolumes && (index === 0 || (data.chapters[index - 1]!.volume ?? null) !== volume);
          return (
            <li key={chapter.slug}>
              {isNewVolume && (
                <p className="px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-zinc-400">
                  {t('reader.credits.volume', { number: volume ?? 'none' })}
                </p>
              )}
              <Link
                ref={isCurrent ? currentRef : undefined}
                to={editionPath(`/SeriesView/${data.series.slug}/${chapter.slug}`, lang)}
                onClick={onClose}
                aria-current={isCurrent ? 'page' : undefined}
                className={`block rounded-lg px-3 py-3 text-sm ${isCurrent ? 'bg-accent-600/20 font-semibold text-zinc-100' : 'text-zinc-200 hover:bg-ink-800'}`}
              >
                {label(chapter)}
                {chapter.earlyAccess && (
                  <span className="mt-1 block">
                    <EarlyAccessMark publicAt={chapter.earlyAccess.publicAt} />
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
      {data.chapterCount > data.chapters.length && (
        <Link
          to={editionPath(`/SeriesView/${data.series.slug}`, lang)}
          onClick={onClose}
          className="mt-2 block rounded-lg bg-ink-800 px-3 py-3 text-center text-sm font-medium text-zinc-100 hover:bg-ink-700"
        >
          {t('reader.bottom.all', { count: format.count(data.chapterCount) })}
        </Link>
      )}
    </BottomSheet>
  );
}
