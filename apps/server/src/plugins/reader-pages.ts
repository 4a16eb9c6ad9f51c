import { ROUTES, fillPath, type EndpointName, type InterfaceLocale, type SessionUser } from '@inkwell/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answerOwnRead } from '../lib/endpoint';
import type { Viewer } from '../modules/identity/access';
import { SESSION_COOKIE } from '../modules/identity/auth';
import { inProcessFetch, type RenderFetch } from './in-process-api';

// Issue 18 §1 (decision 0020): a page shared by the signed-in readers of one access class. What
// the class of a reader is, what its page may ask the API, the stand-in it is drawn for, and each
// reader's own part, answered as them.

/** A call for a reader's own data (entry-server's `OwnCall`): the endpoint, its params, and the query its answer fills. */
export interface OwnCall {
  endpoint: EndpointName;
  params: Record<string, string>;
  queryKey: readonly unknown[];
}
/** A reader's own answer to an `OwnCall`: the data of the endpoint's answer. */
export interface OwnAnswer {
  queryKey: readonly unknown[];
  data: unknown;
}

/** A signed-in reader as verify answers them, as the API's requests hold them, and the viewer their calls read as. */
export interface ReaderSession {
  user: SessionUser;
  account: NonNullable<FastifyRequest['user']>;
  viewer: Viewer;
}

/** What the router that renders makes of a URL (apps/web/src/app/page-class.ts); null for no page of its routes. */
interface PageClass {
  /** The path as the routes spell it. */
  path: string;
  seriesSlug?: string;
  chapterSlug?: string;
}
export type ClassifyPage = (url: string) => PageClass | null;

/**
 * The calls a page drawn for a class of signed-in readers may make with a reader's cookie: their
 * answers are the same for every reader of the class (the catalogue shares them by access class;
 * the ads' answer reads only the role and the premium pass, which the class holds). Any other call
 * (a reader's own data, comments marked as theirs) makes the page theirs alone.
 */
const CLASS_SHARED_ENDPOINTS: readonly EndpointName[] = [
  'siteSettings',
  'adsConfig',
  'home',
  'seriesList',
  'series',
  'seriesChapters',
  'chapter',
  'genres',
  'banners',
  'searchSeries',
  'coinPackages',
  'plans',
  'announcements',
  'announcement',
];
const CLASS_SHARED_PATHS = CLASS_SHARED_ENDPOINTS.map(
  (name) => new RegExp(`^${ROUTES[name].path.replace(/[.]/g, '\\.').replace(/:[a-zA-Z]+/g, '[^/?]+')}(?:\\?|$)`),
);
export const isClassShared = (path: string) => CLASS_SHARED_PATHS.some((pattern) => pattern.test(path));

/** The series a class-shared call is about (series, its chapters, a chapter), decoded; undefined for the others. */
const SERIES_CALL = new RegExp(`^${ROUTES.series.path.replace(/[.]/g, '\\.').replace(':slug', '([^/?]+)')}(?:[/?]|$)`);
export function seriesOfCall(path: string): string | undefined {
  const slug = SERIES_CALL.exec(path)?.[1];
  if (slug === undefined) return undefined;
  try {
    return decodeURIComponent(slug);
  } catch {
    return '\u0000'; // no series' name: never the page's
  }
}

/** The API with its session check answered from what is already known, and every other call passed on. */
export function answeringVerify(verified: string, otherwise: RenderFetch): RenderFetch {
  return async (path, init) =>
    path.split('?')[0] === ROUTES.verify.path
      ? new Response(verified, { status: 200, headers: { 'content-type': 'application/json' } })
      : otherwise(path, init);
}

/** The session a class's shared page is drawn with: the class's role and pass, and nothing of anyone's own. */
export function standInSession(user: SessionUser): SessionUser {
  return {
    ...user,
    id: '00000000-0000-0000-0000-000000000000',
    email: '',
    username: '',
    coins: 0,
    avatarUrl: null,
    avatarVersion: 0,
    autoUnlock: false,
  };
}

/**
 * The reader's answers to the calls their class's page left out. A route given as a reader's own
 * read (lib/endpoint.ts) is answered by that read in process: through `inject` each cost as much
 * CPU as the rest of the reader's page (issue 40). Any other goes through the API. A call that
 * fails is left out: the browser asks it again.
 */
export async function ownAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  session: ReaderSession,
  calls: readonly OwnCall[],
  setCookies: string[],
): Promise<OwnAnswer[]> {
  // Made only for a call no own read answers: most pages have none.
  let fetch: RenderFetch | undefined;
  const { account, viewer } = session;
  const answered = await Promise.allSettled(
    calls.map(async ({ endpoint, params, queryKey }) => {
      const read = await answerOwnRead(app.ownReads, endpoint, { user: account, viewer, params });
      if (read) return { queryKey, data: read.data };
      fetch ??= inProcessFetch(app, request, setCookies, []);
      const answer = await fetch(fillPath(ROUTES[endpoint].path, params), { method: 'GET' });
      const body = (await answer.json()) as { success?: boolean; data?: unknown };
      if (!answer.ok || body.success !== true) throw new Error(`${endpoint} answered ${answer.status}`);
      return { queryKey, data: body.data };
    }),
  );
  return answered.flatMap((settled) => (settled.status === 'fulfilled' ? [settled.value] : []));
}

/**
 * A signed-in reader's class, for the pages they share with its other readers: the page as the
 * router matched it, the page's language, and the reader's role, plan and access class in the
 * page's series. Null when the session is gone, or the router names no page (such a page is drawn
 * for them alone).
 */
export async function readerClassOf(
  request: FastifyRequest,
  url: string,
  locale: InterfaceLocale,
  ask: {
    classify: ClassifyPage | undefined;
    sessionOf: (token: string) => Promise<ReaderSession | null>;
    seriesAccessClass: ((slug: string, viewer: Viewer) => Promise<string>) | undefined;
  },
) {
  const page = ask.classify?.(url);
  if (!page) return null;
  const session = await ask.sessionOf(request.cookies[SESSION_COOKIE] ?? '');
  if (!session) return null;
  // Pages resolve no session of their own (the auth hook is the API's): the reader is the one verify
  // names, with the viewer the API will read them as (a member's early access among it, issue 38 §1).
  const { user, viewer } = session;
  const { seriesSlug } = page;
  if (seriesSlug !== undefined && !ask.seriesAccessClass) return null;
  const series = seriesSlug !== undefined ? await ask.seriesAccessClass!(seriesSlug, viewer) : '-';
  const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  return {
    session,
    // The reader's content languages choose a series' edition (issue 35 §2): readers of other languages get other pages.
    // The adult opt-in (issue 36 §4) too: an opted-in reader's lists and pages show series marked Adult.
    key: `${locale}\u0000${page.path}${query}\u0000${user.role}|${user.isPremium}|${user.membership ?? ''}|${series}|${(user.contentLanguages ?? []).join(',')}|${user.showAdult === true ? 'adult' : ''}`,
    seriesSlug,
  };
}
