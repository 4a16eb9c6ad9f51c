import type { ChapterSummary } from '@inkwell/contract';
import { CalendarClock, Clock, Coins, Lock, Unlock } from 'lucide-react';
import { formatDate, timeFromNow } from '../lib/time';

/** The lock, price and free-date marks of a chapter row. */
export function ChapterMarks({ chapter }: { chapter: ChapterSummary }) {
  switch (chapter.access) {
    case 'locked':
      return (
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold text-amber-300">
          <Lock className="size-3" aria-hidden />
          <Coins className="size-3" aria-hidden />
          {chapter.price} coins
        </span>
      );
    case 'early_access':
      return (
        <span className="inline-flex flex-wrap items-center gap-1 text-xs">
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-500/15 px-2 py-0.5 font-semibold text-amber-300">
            <Lock className="size-3" aria-hidden />
            {chapter.price} coins
          </span>
          {chapter.freeAt && (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-sky-500/15 px-2 py-0.5 font-medium text-sky-300"
              title={formatDate(chapter.freeAt)}
            >
              <Clock className="size-3" aria-hidden />
              Free {timeFromNow(chapter.freeAt)}
            </span>
          )}
        </span>
      );
    case 'unlocked':
      return (
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-300">
          <Unlock className="size-3" aria-hidden />
          {chapter.price} coins · open to you
        </span>
      );
    case 'scheduled':
      return (
        <span className="inline-flex items-center gap-1 rounded-full bg-violet-500/15 px-2 py-0.5 text-xs font-semibold text-violet-300">
          <CalendarClock className="size-3" aria-hidden />
          Scheduled {chapter.publishedAt ? formatDate(chapter.publishedAt) : ''}
        </span>
      );
    default:
      return null;
  }
}
