import {
  REVERSE_RELATION,
  relationMapsChapters,
  type AuditChange,
  type relationInputSchema,
  type SeriesRelationKind,
  type TeamRelation,
} from '@inkwell/contract';
import type { z } from 'zod';
import type { Database, Transaction } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { CacheRegistry } from '../../../lib/caches';
import type { Clock } from '../../../lib/clock';
import type { EventPublisher } from '../../../lib/domain-events';
import { type AuditContext, recordAuditEntry } from '../../team/audit';
import { memberRoleOn } from '../../team/series-team';
import { findChaptersById } from '../chapters';
import { findSeriesById } from '../series';
import { createRelationReads } from './relations.reads';
import {
  chapterMapBetween,
  deleteRelationPair,
  insertRelationPair,
  lockPair,
  relationKindOf,
  teamRelationsOf,
} from './relations.repository';

/** Who edits a relation: an editor or admin (`staff`), or a reader who must be the creator of both series. */
export interface RelationEditor {
  userId: string;
  staff: boolean;
}

const KIND_LABELS: Record<SeriesRelationKind, string> = {
  adaptation: 'Adaptation',
  source: 'Source',
  sequel: 'Sequel',
  prequel: 'Prequel',
  'spin-off': 'Spin-off',
  'spun-off-from': 'Spun off from',
};

const invalid = (field: string, reason: `apiErrors.relations.${string}`) =>
  new AppError('validation_failed', reason, { fields: { [field]: reason } });
const seriesNotFound = () => new AppError('series_not_found', 'apiErrors.seriesNotFound');

/** The access guard let the caller in on the path's series; the other one is checked here alike. */
async function checkMayEdit(db: Database, editor: RelationEditor, seriesId: string) {
  if (editor.staff) return;
  const place = await memberRoleOn(db, editor.userId, seriesId);
  if (place?.role !== 'creator') throw new AppError('forbidden', 'apiErrors.relations.notYourRelatedSeries');
}

/** Each pair's chapters are the right series' and each chapter is in one pair at most. */
async function checkChapterMap(db: Database, seriesId: string, relatedId: string, input: z.output<typeof relationInputSchema>) {
  const map = input.chapterMap;
  if (map.length === 0) return;
  if (!relationMapsChapters(input.kind)) throw invalid('chapterMap', 'apiErrors.relations.mapNeedsAdaptation');
  const ours = map.map((pair) => pair.chapterId);
  const theirs = map.map((pair) => pair.relatedChapterId);
  if (new Set(ours).size !== ours.length || new Set(theirs).size !== theirs.length) {
    throw invalid('chapterMap', 'apiErrors.relations.mapRepeatsChapter');
  }
  const found = new Map((await findChaptersById(db, [...ours, ...theirs])).map((chapter) => [chapter.id, chapter.seriesId]));
  if (ours.some((id) => found.get(id) !== seriesId) || theirs.some((id) => found.get(id) !== relatedId)) {
    throw invalid('chapterMap', 'apiErrors.relations.mapWrongSeries');
  }
}

const described = (kind: SeriesRelationKind | undefined, title: string, pairs = 0) =>
  kind ? `${KIND_LABELS[kind]}: ${title}${pairs > 0 ? ` (${pairs} chapters mapped)` : ''}` : null;

/**
 * The edit's one entry, on the path's series, as its own edit would say it ("Relation: — → Source:
 * The novel"); the related series is named in it.
 */
function auditRelation(tx: Transaction, audit: AuditContext, change: AuditChange) {
  return recordAuditEntry(tx, audit, { changes: [change] });
}

/**
 * Relations between series (issue 39 §5): the team's list and edits, kept both ways in one
 * transaction and audited on both series; the readers' related series and a chapter's place in
 * the series its map relates it to.
 */
export function createRelationsService({
  db,
  clock,
  caches,
  events,
  adultContent,
}: {
  db: Database;
  clock: Clock;
  caches: CacheRegistry;
  events: EventPublisher;
  /** Whether the site carries series marked Adult at all (issue 36 §4). */
  adultContent: () => Promise<boolean>;
}) {
  async function requireSeries(id: string) {
    const row = await findSeriesById(db, id);
    if (!row) throw seriesNotFound();
    return row;
  }

  async function relationOf(seriesId: string, relatedId: string): Promise<TeamRelation | undefined> {
    const row = (await teamRelationsOf(db, seriesId)).find((relation) => relation.series.id === relatedId);
    if (!row) return undefined;
    return { ...row, chapterMap: relationMapsChapters(row.kind) ? await chapterMapBetween(db, seriesId, relatedId) : [] };
  }

  return {
    ...createRelationReads({ db, clock, caches, adultContent }),

    async teamRelations(seriesId: string): Promise<{ items: TeamRelation[] }> {
      await requireSeries(seriesId);
      const rows = await teamRelationsOf(db, seriesId);
      const items = await Promise.all(
        rows.map(async (row) => ({
          ...row,
          chapterMap: relationMapsChapters(row.kind) ? await chapterMapBetween(db, seriesId, row.series.id) : [],
        })),
      );
      return { items };
    },

    /**
     * Relates a series to another (or changes how), with its chapter map: the old relation and map
     * both ways are replaced by the new ones both ways, in one transaction; invalid input changes nothing.
     */
    async putRelation(
      seriesId: string,
      relatedId: string,
      input: z.output<typeof relationInputSchema>,
      editor: RelationEditor,
      audit: AuditContext,
    ): Promise<TeamRelation> {
      if (seriesId === relatedId) throw invalid('relatedId', 'apiErrors.relations.notItself');
      await requireSeries(seriesId);
      const related = await requireSeries(relatedId);
      await checkMayEdit(db, editor, relatedId);
      await checkChapterMap(db, seriesId, relatedId, input);
      const reverse = REVERSE_RELATION[input.kind];
      await db.transaction(async (tx) => {
        await lockPair(tx, seriesId, relatedId);
        const before = await relationKindOf(tx, seriesId, relatedId);
        const beforePairs =
          before && relationMapsChapters(before) ? (await chapterMapBetween(tx, seriesId, relatedId)).length : 0;
        await deleteRelationPair(tx, seriesId, relatedId);
        await insertRelationPair(tx, { a: seriesId, b: relatedId, kind: input.kind, reverse, chapterMap: input.chapterMap });
        await auditRelation(tx, audit, {
          field: 'Relation',
          from: described(before, related.title, beforePairs),
          to: described(input.kind, related.title, input.chapterMap.length),
        });
      });
      events.publish({ type: 'series.changed', seriesId });
      events.publish({ type: 'series.changed', seriesId: relatedId });
      return (await relationOf(seriesId, relatedId))!;
    },

    /** Removes a relation both ways with its map; removing one that is not there changes nothing. */
    async removeRelation(seriesId: string, relatedId: string, editor: RelationEditor, audit: AuditContext) {
      await requireSeries(seriesId);
      const related = await requireSeries(relatedId);
      await checkMayEdit(db, editor, relatedId);
      const removed = await db.transaction(async (tx) => {
        await lockPair(tx, seriesId, relatedId);
        const before = await relationKindOf(tx, seriesId, relatedId);
        if (!before) return false;
        await deleteRelationPair(tx, seriesId, relatedId);
        await auditRelation(tx, audit, { field: 'Relation', from: described(before, related.title), to: null });
        return true;
      });
      if (removed) {
        events.publish({ type: 'series.changed', seriesId });
        events.publish({ type: 'series.changed', seriesId: relatedId });
      }
      return { removed };
    },
  };
}
export type RelationsService = ReturnType<typeof createRelationsService>;
