import type { LibraryDeps } from '../library.deps';
import { hideFromHistory } from '../history.repository';

/** One entry, or all of them; the progress and read marks stay. */
export function clearHistory({ db }: LibraryDeps, userId: string, chapterId?: string) {
  return hideFromHistory(db, userId, chapterId);
}
