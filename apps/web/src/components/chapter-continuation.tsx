import { ChevronRight } from 'lucide-react';
import type { SeriesType } from '@inkwell/contract';
import { Link } from 'react-router';
import { useT } from '../lib/i18n/i18n-context';
import { useChapterRelated } from '../lib/relations/relations';
import '../lib/i18n/relations-messages';

export interface ChapterContinuationProps {
  chapterId: string;
  /** This chapter's series' type: a comic's end points into the novel, a novel's into the comic. */
  seriesType: SeriesType;
  /** The link's colours: the reader's theme's button, so it reads on a dark, light or sepia page. */
  tone?: string;
}

/**
 * A chapter's end when a chapter map relates it to another series (issue 39 §5): "The comic ends
 * here at chapter 112 of the novel — continue in the novel with chapter 113", or the reverse, linking
 * to the related series' next chapter (or to the mapped one when it is that series' newest).
 */
export function ChapterContinuation({
  chapterId,
  seriesType,
  tone = 'bg-ink-800 text-zinc-200 hover:bg-ink-700',
}: ChapterContinuationProps) {
  const t = useT();
  const { data } = useChapterRelated(chapterId);
  if (!data || data.items.length === 0) return null;
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-3" data-testid="chapter-continuation">
      {data.items.map((item) => {
        const where =
          item.series.type === seriesType
            ? t('common.relations.sameType', { chapter: item.chapter.number, title: item.series.title })
            : t(seriesType === 'comic' ? 'common.relations.comicToNovel' : 'common.relations.novelToComic', {
                chapter: item.chapter.number,
              });
        const target = item.next ?? item.chapter;
        const action = item.next
          ? t(item.series.type === 'novel' ? 'common.relations.continueNovel' : 'common.relations.continueComic', {
              chapter: item.next.number,
            })
          : t('common.relations.readThere', { chapter: item.chapter.number, title: item.series.title });
        return (
          <Link
            key={item.series.id}
            to={`/SeriesView/${item.series.slug}/${target.slug}`}
            className={`flex items-center justify-between gap-3 rounded-xl px-5 py-4 text-left ring-1 ring-inset ring-accent-500/50 ${tone}`}
          >
            <span className="min-w-0">
              <span className="block text-sm">{where}</span>
              <span className="block font-semibold">{action}</span>
            </span>
            <ChevronRight className="size-5 shrink-0" aria-hidden />
          </Link>
        );
      })}
    </div>
  );
}
