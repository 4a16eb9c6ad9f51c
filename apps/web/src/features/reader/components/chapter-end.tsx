// i18n: not yet in the catalogues (issue 35)
import type { ChapterContent } from '@inkwell/contract';
import { ChevronRight, Lock } from 'lucide-react';
import { chapterLabel, formatDate } from '../../../lib/time';
import type { ReaderTheme } from '../reader-theme';

/**
 * The chapter's end (issue 11 §2): what comes next, with its price when it is not free for this
 * reader, or that they are up to date.
 */
export function ChapterEnd({ data, theme, onNext }: { data: ChapterContent; theme: ReaderTheme; onNext(): void }) {
  // The answer's chapters are this one's neighbourhood: the next one is among them, with its price.
  const next = data.next ? data.chapters.find((chapter) => chapter.slug === data.next!.slug) : undefined;
  const priced = next;
  const isLocked = next?.access === 'locked' || next?.access === 'early_access';
  return (
    <section aria-label="End of chapter" data-testid="chapter-end" className="mx-auto w-full max-w-md text-center">
      <p className={`text-xs font-semibold uppercase tracking-widest ${theme.muted}`}>End of {chapterLabel(data.chapter)}</p>
      {data.next ? (
        <button
          type="button"
          onClick={onNext}
          aria-label={`Next chapter: ${chapterLabel(data.next)}${isLocked ? `, ${priced ? `${priced.price} coins` : 'locked'}` : ''}`}
          className="mt-3 flex w-full items-center justify-between gap-3 rounded-xl bg-accent-600 px-5 py-4 text-left text-white hover:bg-accent-500"
        >
          <span className="min-w-0">
            <span className="block text-xs font-medium uppercase tracking-wide text-white">Next</span>
            <span className="block truncate font-semibold">{chapterLabel(data.next)}</span>
            {isLocked && (
              <span className="mt-0.5 flex items-center gap-1 text-xs text-white">
                <Lock className="size-3.5" aria-hidden />
                {priced ? `${priced.price} coins` : 'Locked'}
                {next?.access === 'early_access' && priced?.freeAt ? ` · free ${formatDate(priced.freeAt)}` : ''}
              </span>
            )}
          </span>
          <ChevronRight className="size-5 shrink-0" aria-hidden />
        </button>
      ) : (
        <p className="mt-3 text-sm">You are up to date with {data.series.title}. Bookmark it to hear of the next chapter.</p>
      )}
    </section>
  );
}
