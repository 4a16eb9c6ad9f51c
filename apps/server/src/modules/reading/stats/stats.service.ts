import { randomBytes } from 'node:crypto';
import { fillPath, ROUTES, type PublicYear, type ReaderStats, type YearFigures, type YearShare } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { translatorFor } from '../../../lib/i18n';
import { genresOfEachSeries } from '../../catalogue/genres';
import { findUserById } from '../../identity/users';
import { timeZoneOf } from '../../platform/push';
import { finishedDaysOf, medianOpenToFinishOf, yearsWithReadingOf } from '../library';
import { deleteShare, findShareByToken, findShareOf, insertShare } from './stats.repository';
import { yearCardPng } from './year-card';
import { isKnownTimeZone, startOfYear, streaksOf, todayIn, TOP_COUNT, topGenresOf, topSeriesOf, weeksOf } from './year-figures';

export interface StatsDeps {
  db: Database;
  clock: Clock;
  publicUrl: string;
}

/** A share link's token: 24 random bytes, 32 characters of base64url (the contract's yearShareParamsSchema). */
const newToken = () => randomBytes(24).toString('base64url');

const shareNotFound = () => new AppError('not_found', 'apiErrors.stats.shareNotFound');

/** The reader's year (issue 39 §4): their figures, the card drawn from them, and its share link. */
export function createStatsService({ db, clock, publicUrl }: StatsDeps) {
  /** The account's time zone when it has one PostgreSQL and Intl both know, else UTC. */
  async function zoneOf(userId: string): Promise<string> {
    const zone = await timeZoneOf(db, userId);
    return zone && isKnownTimeZone(zone) ? zone : 'UTC';
  }

  /**
   * The year's longest run of reading days, and the run going on today: none in a past year; in this
   * one, a run that began last December counts its December days too.
   */
  async function streaksOfYear(userId: string, year: number, timeZone: string, dates: string[]) {
    const today = todayIn(clock.now(), timeZone);
    const streaks = streaksOf(dates, today);
    if (Number(today.slice(0, 4)) !== year) return { ...streaks, current: 0 };
    if (streaks.current === 0 || !dates.includes(`${year}-01-01`)) return streaks;
    const span = { userId, from: startOfYear(year - 1, timeZone), to: startOfYear(year, timeZone), timeZone };
    const before = (await finishedDaysOf(db, span)).map((row) => row.day);
    return { ...streaks, current: streaksOf([...before, ...dates], today).current };
  }

  /**
   * A year's figures. `forVisitors`: a shared year's page and card, which name only series a visitor
   * may see (published, not Adult); the totals still count every chapter.
   */
  async function figuresOf(userId: string, year: number, timeZone: string, forVisitors = false): Promise<YearFigures> {
    const span = { userId, from: startOfYear(year, timeZone), to: startOfYear(year + 1, timeZone), timeZone };
    const [days, median] = await Promise.all([finishedDaysOf(db, span), medianOpenToFinishOf(db, span)]);
    const series = topSeriesOf(forVisitors ? days.filter((row) => row.isPublic) : days);
    const genres = await genresOfEachSeries(
      db,
      series.map((each) => each.id),
    );
    const chapters = days.reduce((sum, row) => sum + row.chapters, 0);
    const dates = [...new Set(days.map((row) => row.day))];
    const streaks = await streaksOfYear(userId, year, timeZone, dates);
    return {
      year,
      timeZone,
      totals: {
        chapters,
        pages: days.reduce((sum, row) => sum + row.pages, 0),
        series: new Set(days.map((row) => row.seriesId)).size,
        days: dates.length,
      },
      weeks: weeksOf(year, days),
      streaks,
      medianOpenToFinishMs: median,
      topSeries: series.slice(0, TOP_COUNT),
      topGenres: topGenresOf(series, genres),
    };
  }

  const shareOf = (token: string): YearShare => ({
    token,
    url: `${publicUrl}/year/${token}`,
    cardUrl: `${publicUrl}${fillPath(ROUTES.yearShareCard.path, { token })}`,
  });

  /** A shared year's owner and figures, or 404 alike for a token never made and one unshared. */
  async function sharedYear(token: string) {
    const share = await findShareByToken(db, token);
    const user = share && (await findUserById(db, share.userId));
    if (!share || !user || user.deletedAt) throw shareNotFound();
    const { timeZone: _zone, ...figures } = await figuresOf(share.userId, share.year, await zoneOf(share.userId), true);
    return { username: user.username, figures };
  }

  return {
    async stats(userId: string, asked: number | undefined): Promise<ReaderStats> {
      const timeZone = await zoneOf(userId);
      const thisYear = Number(todayIn(clock.now(), timeZone).slice(0, 4));
      const year = asked ?? thisYear;
      const [figures, years, share] = await Promise.all([
        figuresOf(userId, year, timeZone),
        yearsWithReadingOf(db, userId, timeZone),
        findShareOf(db, userId, year),
      ]);
      return {
        ...figures,
        years: [...new Set([thisYear, ...years])].sort((a, b) => b - a),
        share: share ? shareOf(share.token) : null,
      };
    },

    /** The reader's own card for a year, in the request's language. */
    async card(userId: string, year: number, locale: string): Promise<Buffer> {
      const user = await findUserById(db, userId);
      const figures = await figuresOf(userId, year, await zoneOf(userId));
      return yearCardPng(figures, user?.username ?? '', locale, translatorFor(locale));
    },

    /** Shares a year: its link, made now or the one already shared (sharing twice gives the same link). */
    async share(userId: string, year: number): Promise<YearShare> {
      const row = await insertShare(db, userId, year, newToken());
      return shareOf(row!.token);
    },

    /** Stops sharing a year: its link and card answer 404 from now on. */
    async unshare(userId: string, year: number): Promise<{ shared: false }> {
      await deleteShare(db, userId, year);
      return { shared: false };
    },

    /** A shared year as its page shows it: the username and the figures, nothing else of the reader's. */
    async publicYear(token: string): Promise<PublicYear> {
      const { username, figures } = await sharedYear(token);
      return { ...figures, username, cardUrl: shareOf(token).cardUrl };
    },

    async publicCard(token: string, locale: string): Promise<Buffer> {
      const { username, figures } = await sharedYear(token);
      return yearCardPng(figures, username, locale, translatorFor(locale));
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
