import type { AlsoRead } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { clearedOnAll, type CacheRegistry, SERIES_EVENTS } from '../../../lib/caches';
import type { Clock } from '../../../lib/clock';
import type { EventPublisher } from '../../../lib/domain-events';
import type { CatalogueService } from '../../catalogue/catalogue';
import { findSeriesById } from '../../catalogue/series';
import { replaceAlsoRead } from './commands/also-read';
import { alsoReadIdsOf } from './queries/also-read';

/** The pairs read per answer: as many as the job keeps, so those an audience is not shown leave enough. */
const PAIRS_READ = 50;
/**
 * Answers are kept until the job writes or a series or chapter changes (the events); the TTL
 * only bounds what a lost message could leave.
 */
const ANSWER_TTL_MS = 10 * 60_000;

/** Who an answer is for: series marked Adult among them or not, the reader's languages, how many. */
export interface AlsoReadAsk {
  adult: boolean;
  wanted: readonly string[];
  limit: number;
}

type Kept = AlsoRead | 'missing' | 'gated';

/**
 * "Readers also read" (issue 39 §5): the nightly job's pairs (`computeAlsoRead`, which tells every
 * instance with `also-read.computed`) and the public answer, shared by every viewer of an audience
 * and kept until the job writes again or a series changes.
 */
export function createRecommendations({
  db,
  clock,
  caches,
  events,
  catalogue,
}: {
  db: Database;
  clock: Clock;
  caches: CacheRegistry;
  events: EventPublisher;
  catalogue: Pick<CatalogueService, 'cardsOf' | 'sameGenres'>;
}) {
  const answers = caches.declare<Kept>({
    name: 'also-read answers',
    ttlMs: ANSWER_TTL_MS,
    bound: 2000,
    clearedBy: clearedOnAll([...SERIES_EVENTS, 'also-read.computed']),
  });

  async function load(seriesId: string, { adult, wanted, limit }: AlsoReadAsk): Promise<Kept> {
    const row = await findSeriesById(db, seriesId);
    if (!row?.isPublished) return 'missing';
    if (row.isAdult && !adult) return 'gated';
    const picked = await catalogue.cardsOf(await alsoReadIdsOf(db, seriesId, PAIRS_READ), { adult, wanted });
    if (picked.length > 0) return { basis: 'readers', items: picked.slice(0, limit) };
    // A cold start (a new series, or none of its readers' series shown to this audience): its genres.
    return { basis: 'genres', items: await catalogue.sameGenres(seriesId, { adult, wanted, limit }) };
  }

  return {
    /** What to read after a series, for an audience; 404 for a series not published, the gate for an adult one. */
    async alsoRead(seriesId: string, ask: AlsoReadAsk): Promise<AlsoRead> {
      const key = `${seriesId}|${ask.adult ? 'adult' : 'all'}|${ask.limit}|${ask.wanted.join(',')}`;
      const kept = await answers.get(key, () => load(seriesId, ask));
      if (kept === 'missing') throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
      if (kept === 'gated') throw new AppError('adult_content', 'apiErrors.adult.gate');
      return kept;
    },
    /** The nightly job: every series' pairs anew, then every instance drops its answers. Null when another run had just written them. */
    async computeAlsoRead(): Promise<number | null> {
      const written = await replaceAlsoRead(db, clock.now());
      if (written !== null) events.publish({ type: 'also-read.computed' });
      return written;
    },
  };
}
export type Recommendations = ReturnType<typeof createRecommendations>;
