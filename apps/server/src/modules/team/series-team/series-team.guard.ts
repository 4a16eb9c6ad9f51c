import { ENDPOINTS, type EndpointName, type SeriesScope, type TeamChapter } from '@inkwell/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { SeriesTeamGuard, SignedInRequest } from '../../../lib/endpoint';
import { findChapterWithLink } from '../../catalogue/chapters';

// Issue 37 §3: what a member of one series' team (a reader otherwise) may do with the team's calls.
// The guard runs with the access check, before anything sent is read: a scoped call passes when the
// series it is about is one of theirs, with a fitting role. The chapter rules run after the schemas,
// on what was sent: a translator or an uploader makes chapters and pages, not prices nor releases.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A chapter as a member's call on it needs it: its series, and what only some may change. */
type ChapterTerms = { seriesId: string; publishedAt: Date | null; price: number; freeAt: Date | null };

declare module 'fastify' {
  interface FastifyRequest {
    /** The chapter a member's call is about, read by the guard (its series, price and release). */
    memberChapter?: ChapterTerms;
  }
}

const notOnTeam = () => new AppError('forbidden', 'apiErrors.seriesTeam.notOnTeam');

/**
 * The guard: 'own' calls pass any member (the handler keeps to their series); 'series' and
 * 'chapter' calls pass a member of that series' team, 'creator' ones its creator only. The
 * places come with the session (kept a few seconds, forgotten at once on `series-team.changed`); a
 * call on a chapter reads its series by the chapter's id (one lookup by the primary key).
 */
function createSeriesTeamGuard(db: Database): SeriesTeamGuard {
  return async (request: SignedInRequest, scope: SeriesScope) => {
    const roles = request.user.seriesRoles ?? [];
    // A reader on no team is refused as before teams were: the dashboard is not theirs.
    if (roles.length === 0) throw new AppError('forbidden', 'apiErrors.noAccess');
    if (scope.by === 'own') {
      request.seriesMember = { seriesId: null, role: roles[0]!.role, canPublish: false };
      return;
    }
    const id = (request.params as Record<string, unknown> | undefined)?.id;
    // Before the schemas: an id that is no id is on no one's team (403, as for any other series).
    if (typeof id !== 'string' || !UUID.test(id)) throw notOnTeam();
    let seriesId = id;
    if (scope.by === 'chapter') {
      const chapter = await findChapterWithLink(db, id);
      if (!chapter) throw notOnTeam();
      seriesId = chapter.seriesId;
      request.memberChapter = chapter;
    }
    const place = roles.find((role) => role.seriesId === seriesId);
    if (!place) throw notOnTeam();
    if (scope.who === 'creator' && place.role !== 'creator') throw new AppError('forbidden', 'apiErrors.seriesTeam.creatorOnly');
    request.seriesMember = { ...place };
  };
}

/** What a translator or an uploader is refused, each named in its own words. */
const REFUSALS = {
  price: 'apiErrors.seriesTeam.price',
  freeAt: 'apiErrors.seriesTeam.freeAt',
  preview: 'apiErrors.seriesTeam.preview',
  publish: 'apiErrors.seriesTeam.publish',
  deletePublished: 'apiErrors.seriesTeam.deletePublished',
} as const;
const refuse = (what: keyof typeof REFUSALS) => new AppError('forbidden', REFUSALS[what]);

const timeOf = (value: string | Date | null | undefined) => (value ? new Date(value).getTime() : null);

interface ChapterBody {
  price?: number;
  freeAt?: string | null;
  previewPages?: number;
  previewPercent?: number;
  publishedAt?: string | null;
}

/**
 * The chapter rules for a translator or an uploader (a creator may do everything about their
 * series but delete it, which is no member's call): no price, free date or preview of their own;
 * no release (a publication date, now or later) unless the creator let them (`canPublish`); no
 * deleting a chapter that is out, nor one scheduled unless they may publish.
 */
function createChapterRules(deps: { clock: Clock; chapterOf: (id: string) => Promise<TeamChapter> }) {
  const rules: Partial<Record<EndpointName, preHandlerAsyncHookHandler>> = {
    teamChapterCreate: async (request) => {
      const member = request.seriesMember;
      if (!member || member.role === 'creator') return;
      const body = request.body as ChapterBody;
      if ((body.price ?? 0) > 0) throw refuse('price');
      if (body.freeAt) throw refuse('freeAt');
      if (body.previewPages || body.previewPercent) throw refuse('preview');
      if (body.publishedAt && !member.canPublish) throw refuse('publish');
    },
    teamChapterUpdate: async (request) => {
      const member = request.seriesMember;
      const chapter = request.memberChapter;
      if (!member || member.role === 'creator' || !chapter) return;
      const body = request.body as ChapterBody;
      // What the form sends again unchanged passes: only a change is refused.
      if (body.price !== undefined && body.price !== chapter.price) throw refuse('price');
      if (body.freeAt !== undefined && timeOf(body.freeAt) !== timeOf(chapter.freeAt)) throw refuse('freeAt');
      if (body.previewPages !== undefined || body.previewPercent !== undefined) {
        const current = await deps.chapterOf((request.params as { id: string }).id);
        const changed =
          (body.previewPages !== undefined && body.previewPages !== current.previewPages) ||
          (body.previewPercent !== undefined && body.previewPercent !== current.previewPercent);
        if (changed) throw refuse('preview');
      }
      if (body.publishedAt !== undefined && timeOf(body.publishedAt) !== timeOf(chapter.publishedAt) && !member.canPublish)
        throw refuse('publish');
    },
    teamChapterDelete: async (request) => {
      const member = request.seriesMember;
      const chapter = request.memberChapter;
      if (!member || member.role === 'creator' || !chapter?.publishedAt) return;
      const isOut = chapter.publishedAt.getTime() <= deps.clock.now().getTime();
      if (isOut || !member.canPublish) throw refuse('deletePublished');
    },
  };
  return rules;
}

/**
 * Puts the series' team into the access guard (`seriesTeamGuard`) and the chapter rules before the
 * handlers of the calls they are about. Registered before the routes (they are added as each route is).
 */
export const seriesTeamPlugin = fp(
  async (app: FastifyInstance, deps: { db: Database; clock: Clock; chapterOf: (id: string) => Promise<TeamChapter> }) => {
    app.decorate('seriesTeamGuard', createSeriesTeamGuard(deps.db));
    const rules = createChapterRules(deps);
    app.addHook('onRoute', (route) => {
      const name = route.config?.endpoint as EndpointName | undefined;
      const rule = name && name in ENDPOINTS ? rules[name] : undefined;
      if (!rule) return;
      route.preHandler = [rule, ...[route.preHandler ?? []].flat()];
    });
  },
  { name: 'series-team' },
);
