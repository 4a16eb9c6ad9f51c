import { METRICS_TOP, type MetricsRange, type TeamMetrics } from '@inkwell/contract';
import { lastClosedDay } from '../closed-days';
import { listRolledTeamDays } from '../metrics-days.repository';
import { nameable } from '../metrics-tops';
import {
  firstChaptersByTitle,
  nameTopChaptersByUnlocks,
  nameTopChaptersByViews,
  nameTopSeriesByViews,
  type Candidate,
  type ChapterRefRow,
} from '../metrics-tops.repository';
import { countAwaitingTeam, emptyTeamDay, listTeamDays } from '../metrics.repository';
import { TOP_CHAPTERS_BY_UNLOCKS, TOP_CHAPTERS_BY_VIEWS, TOP_SERIES_BY_VIEWS } from '../top-lists';
import { inDayOrder, liveDaysOf, num, planDays, topOf, type MetricsReads } from './days';

const chapterRef = (row: ChapterRefRow) => ({
  chapterId: String(row.chapter_id),
  seriesId: String(row.series_id),
  seriesTitle: String(row.series_title),
  seriesSlug: String(row.series_slug),
  number: num(row.number),
  title: String(row.title),
  slug: String(row.slug),
});

/** The top lists' candidates, named (the names kept for the same ranking) and shaped. */
async function namedTops({ db, named }: MetricsReads, seriesTop: Candidate[], chapterTop: Candidate[], unlockTop: Candidate[]) {
  const byTitle = (ids: string[], limit: number) => firstChaptersByTitle(db, ids, limit);
  const [topSeries, topChapters, topUnlocks] = await Promise.all([
    named('series-views', seriesTop, () => nameTopSeriesByViews(db, seriesTop, METRICS_TOP)),
    named('chapter-views', chapterTop, async () =>
      nameTopChaptersByViews(db, await nameable(chapterTop, METRICS_TOP, TOP_CHAPTERS_BY_VIEWS.compare, byTitle), METRICS_TOP),
    ),
    named('chapter-unlocks', unlockTop, async () =>
      nameTopChaptersByUnlocks(db, await nameable(unlockTop, METRICS_TOP, TOP_CHAPTERS_BY_UNLOCKS.compare, byTitle), METRICS_TOP),
    ),
  ]);
  return {
    topSeries: topSeries.map((row) => ({
      seriesId: String(row.id),
      title: String(row.title),
      slug: String(row.slug),
      views: num(row.views),
    })),
    topChapters: topChapters.map((row) => ({ ...chapterRef(row), views: num(row.views) })),
    topUnlocks: topUnlocks.map((row) => ({ ...chapterRef(row), unlocks: num(row.unlocks), coins: num(row.coins) })),
  };
}

/** The team's numbers over a range (issue 10 §3): each day's counts, the top lists, and what awaits the team now. */
export async function teamMetrics(reads: MetricsReads, range: MetricsRange, now: Date): Promise<TeamMetrics> {
  const { db, kept } = reads;
  const lastClosed = lastClosedDay(now);
  const plan = await planDays(db, range, lastClosed, (from, to) => listRolledTeamDays(db, from, to), emptyTeamDay);
  const liveDays = plan.isFrozen ? liveDaysOf(range, lastClosed) : null;
  const [live, seriesTop, chapterTop, unlockTop, awaiting] = await Promise.all([
    Promise.all(plan.runs.map((run) => listTeamDays(db, run))),
    topOf(db, kept.seriesViews, TOP_SERIES_BY_VIEWS, range, lastClosed, plan.isFrozen, liveDays),
    topOf(db, kept.chapterViews, TOP_CHAPTERS_BY_VIEWS, range, lastClosed, plan.isFrozen, liveDays),
    topOf(db, kept.chapterUnlocks, TOP_CHAPTERS_BY_UNLOCKS, range, lastClosed, plan.isFrozen, liveDays),
    countAwaitingTeam(db, now),
  ]);
  const tops = await namedTops(reads, seriesTop, chapterTop, unlockTop);

  const days = inDayOrder([...plan.stored, ...live.flat()]).map((row) => ({
    day: String(row.day),
    views: num(row.views),
    followers: num(row.followers),
    comments: num(row.comments),
    unlocks: num(row.unlocks),
    unlockCoins: num(row.unlock_coins),
  }));
  const sum = (key: Exclude<keyof TeamMetrics['days'][number], 'day'>) => days.reduce((total, day) => total + day[key], 0);
  return {
    range,
    days,
    totals: {
      views: sum('views'),
      followers: sum('followers'),
      comments: sum('comments'),
      unlocks: sum('unlocks'),
      unlockCoins: sum('unlockCoins'),
    },
    ...tops,
    now: {
      reportedComments: num(awaiting?.reported_comments),
      scheduledChapters: num(awaiting?.scheduled_chapters),
      draftChapters: num(awaiting?.draft_chapters),
      draftSeries: num(awaiting?.draft_series),
    },
  };
}
