import { ADULT_GATE_COOKIE } from '@inkwell/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isClassPageCall } from '../../../lib/class-page';
import type { CacheRegistry } from '../../../lib/caches';
import type { Clock } from '../../../lib/clock';
import { endpoint } from '../../../lib/endpoint';
import { createSharedJsonSender } from '../../../lib/shared-json';
import { readerKeyOf } from '../../team/metrics';
import type { CatalogueService } from './catalogue.service';
import { wantedLanguages } from '../../../lib/edition-wishes';

/** Shared caches may keep anonymous catalogue reads briefly; personalised answers are private. */
const SHORT_PUBLIC_CACHE = 'public, max-age=10';

/**
 * Who asks for a series' or a chapter's answer: a visitor who said at the gate they are 18 (the
 * session cookie, decision 0041) may open a series marked Adult; a signed-in reader only by their opt-in.
 */
export const askedOf = (request: FastifyRequest) =>
  request.viewer.userId === null && request.cookies[ADULT_GATE_COOKIE] === '1'
    ? { ...request.viewer, showAdult: true }
    : request.viewer;

/**
 * Public content (DESIGN §4): home, lists, series and chapters. These hot reads skip per-request
 * schema serialization (`prechecked`): home and lists are checked when their cache fills, series
 * and chapters come from typed presenters, and the tests check every answer against the contract.
 */
export async function catalogueRoutes(
  app: FastifyInstance,
  options: {
    catalogue: CatalogueService;
    caches: CacheRegistry;
    clock: Clock;
    secret: string;
    /** The site's default interface language: a visitor who names none reads series in it (at hand while kept). */
    siteLocale: () => string | Promise<string>;
  },
) {
  const { catalogue, caches, clock, secret, siteLocale } = options;
  const wanted = (request: FastifyRequest) => wantedLanguages(request, siteLocale);
  const readerOf = (request: FastifyRequest) => readerKeyOf(request, secret, clock.now());
  /** JSON already serialized (and checked against the contract when it was made), compressed when large. */
  const sendJson = createSharedJsonSender(caches, 'catalogue');
  type Answer = Parameters<typeof sendJson>[2];
  /**
   * A kept answer goes out in the turn its request came in (issue 40: no promise on the way);
   * without one, `load` reads what is missing and the answer goes once it is made.
   */
  const keptOr = (request: FastifyRequest, reply: FastifyReply, kept: Answer | undefined, load: () => Promise<Answer>) =>
    kept ? sendJson(request, reply, kept) : load().then((answer) => sendJson(request, reply, answer));
  /**
   * Whether a list shows this viewer series marked Adult: then the answer is theirs, never kept by a
   * shared cache on the way, which keeps only the one without them (issue 36 §4).
   */
  const listAudience = (request: FastifyRequest, reply: FastifyReply): boolean | Promise<boolean> => {
    const audience = (adult: boolean) => {
      reply.header('cache-control', adult ? 'private, no-cache' : SHORT_PUBLIC_CACHE);
      return adult;
    };
    const adult = catalogue.showsAdult(request.viewer);
    return typeof adult === 'boolean' ? audience(adult) : adult.then(audience);
  };

  endpoint(app, 'genres', {
    handler: async (_request, reply) => {
      reply.header('cache-control', SHORT_PUBLIC_CACHE);
      return { success: true, data: await catalogue.genres() };
    },
  });

  endpoint(app, 'banners', {
    summary: 'The banners a visitor sees now',
    handler: async (_request, reply) => {
      reply.header('cache-control', SHORT_PUBLIC_CACHE);
      return { success: true, data: await catalogue.banners() };
    },
  });

  endpoint(app, 'home', {
    prechecked: true,
    summary: 'Home page: banners, latest updates, popular, premium picks',
    handler: (request, reply) => {
      const adult = listAudience(request, reply);
      const languages = wanted(request);
      const kept = typeof adult === 'boolean' && Array.isArray(languages) ? catalogue.keptHomeJson(languages, adult) : undefined;
      return keptOr(request, reply, kept, async () => catalogue.homeJson(await languages, await adult));
    },
  });

  endpoint(app, 'seriesList', {
    prechecked: true,
    summary: 'Published series with filters and sorts, paginated',
    handler: (request, reply) => {
      const adult = listAudience(request, reply);
      const languages = wanted(request);
      const kept =
        typeof adult === 'boolean' && Array.isArray(languages)
          ? catalogue.keptListJson(request.query, languages, adult)
          : undefined;
      return keptOr(request, reply, kept, async () => catalogue.listJson(request.query, await languages, await adult));
    },
  });

  endpoint(app, 'series', {
    prechecked: true,
    summary: "A series with its chapters and the viewer's access to each",
    handler: (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      const asked = askedOf(request);
      const languages = wanted(request);
      const { slug } = request.params;
      const reader = readerOf(request);
      const kept = Array.isArray(languages)
        ? catalogue.keptSeriesJson(slug, asked, reader, { lang: request.query.lang, wanted: languages })
        : undefined;
      return keptOr(request, reply, kept, async () =>
        catalogue.seriesJson(slug, asked, reader, { lang: request.query.lang, wanted: await languages }),
      );
    },
  });

  endpoint(app, 'seriesChapters', {
    summary: "A page of a series' chapters with the viewer's access to each: a long series' list, a jump, what is for sale",
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      const languages = await wanted(request);
      return { success: true, data: await catalogue.chapters(request.params.slug, askedOf(request), request.query, languages) };
    },
  });

  endpoint(app, 'chapter', {
    prechecked: true,
    summary: 'A chapter for the reader; a locked one carries only its price and free date',
    handler: (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      const { slug, chapterSlug } = request.params;
      const asked = askedOf(request);
      const languages = wanted(request);
      // A team member's preview shows a chapter not out yet as it will be at its release.
      const atRelease = request.previewAs !== null;
      const reader = readerOf(request);
      const kept = Array.isArray(languages)
        ? catalogue.keptChapterJson(slug, chapterSlug, asked, reader, {
            classOnly: isClassPageCall(request),
            atRelease,
            edition: { lang: request.query.lang, wanted: languages },
          })
        : undefined;
      return keptOr(request, reply, kept, async () =>
        catalogue.chapterJson(slug, chapterSlug, asked, reader, {
          classOnly: isClassPageCall(request),
          atRelease,
          edition: { lang: request.query.lang, wanted: await languages },
        }),
      );
    },
  });

  endpoint(app, 'myChapterOffers', {
    summary: "The reader's own offers for a chapter (their pass's recharge): their part of a page shared by their class",
    cacheControl: 'private, no-cache',
    ownRead: async ({ viewer, params }) => ({ offers: await catalogue.chapterOffers(params.slug, params.chapterSlug, viewer) }),
  });
}
