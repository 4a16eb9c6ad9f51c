import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../../lib/app-error';
import type { DeviceKeysService } from '../../identity/device-keys';

/**
 * The catalogue addresses that always ask for a key (issue 39). Many apps' HTTP libraries send a
 * username and password only after a 401 challenge, and the plain catalogue answers a visitor
 * without one: such an app browses anonymously, its reader's unlocks and shelves unseen. Under
 * `/opds/v1.2/auth/` and `/opds/v2/auth/` every route of the catalogue, its page streams and its
 * files (`…/auth/download/chapters/{id}.cbz`) answers 401 with the Basic challenge until the app
 * sends the username and a device key, and every link in what it answers stays under that prefix,
 * so the app keeps sending them. A path, not a query, as some apps cannot add one.
 * (`/opds/v2/auth` itself stays the Authentication for OPDS document.)
 */
const ROOTS = ['/opds/v1.2', '/opds/v2'] as const;
const SEGMENT = 'auth';
const CHALLENGE = 'Basic realm="Inkwell", charset="UTF-8"';

/** The catalogue root a challenging address is under, or null for any other address. */
function challengingRoot(url: string): (typeof ROOTS)[number] | null {
  return ROOTS.find((root) => url.startsWith(`${root}/${SEGMENT}/`)) ?? null;
}

/**
 * Fastify's `rewriteUrl`: a challenging address as the route it mirrors (its files are the
 * downloads'; its bare prefix the catalogue); any other address as it is. A path that climbs
 * (`..`) is left alone, so it reaches no route but the catalogue's 404.
 */
export function plainAddress(url: string): string {
  const root = challengingRoot(url);
  if (!root) return url;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  const rest = path.slice(`${root}/${SEGMENT}/`.length);
  if (rest.split('/').some((part) => part === '..' || part.toLowerCase().includes('%2e'))) return url;
  if (rest === '') return `${root}/catalog${query}`;
  return rest.startsWith('download/') ? `/${rest}${query}` : `${root}/${rest}${query}`;
}

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The links of a feed, page list, OpenSearch document, manifest or progression answered at a
 * challenging address, moved under it: in XML (Atom, OpenSearch) an `href` or `template`
 * attribute, in JSON (OPDS 2, Readium) a string, that names a catalogue (root-relative or on
 * `publicUrl`) or a chapter file. Ids (`urn:`, or an Atom id's text), text and the site's own pages
 * (a buy page, a cover) stay as they are.
 */
export function keepChallenging(body: string, root: (typeof ROOTS)[number], publicUrl: string, kind: 'xml' | 'json'): string {
  const lead = kind === 'xml' ? `(?:href|template)=["']` : `[:\\[,]"`;
  const link = new RegExp(
    `(${lead})(${escapeForRegExp(publicUrl)})?(/opds/v1\\.2/|/opds/v2/|/download/)(?!${SEGMENT}(?:[/"'?]|$))`,
    'g',
  );
  return body.replace(link, (_whole, before: string, origin: string | undefined, path: string) =>
    path === '/download/' ? `${before}${origin ?? ''}${root}/${SEGMENT}/download/` : `${before}${origin ?? ''}${path}${SEGMENT}/`,
  );
}

/** What a body is, when its links are moved: feeds, documents and manifests, never images or files. */
const documentKind = (type: unknown) =>
  typeof type !== 'string' ? null : /json/i.test(type) ? 'json' : /xml/i.test(type) ? 'xml' : null;

/** Where the request was asked, before `rewriteUrl`. */
const askedAt = (request: FastifyRequest) => request.originalUrl ?? request.url;

/**
 * The challenge and the links of the challenging addresses, for every route they reach (the
 * catalogues', the downloads'): a request without Basic credentials, or with a wrong key, is a 401
 * with the challenge; a right one is answered as the plain address answers the key's reader.
 */
export const challengingAddressPlugin = fp(
  async (app: FastifyInstance, { deviceKeys, publicUrl }: { deviceKeys: DeviceKeysService; publicUrl: string }) => {
    // Callbacks, not async hooks: every other address passes with no promise made (issue 40).
    app.addHook('onRequest', (request, _reply, done) => {
      if (!challengingRoot(askedAt(request))) return done();
      // A wrong key is fromBasic's 401 (429 past the limits); none at all is the challenge, never the visitor's catalogue.
      deviceKeys.fromBasic(request).then(
        (reader) => done(reader ? undefined : new AppError('unauthorized', 'apiErrors.readingApps.signInWithKey')),
        (error: Error) => done(error),
      );
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const root = challengingRoot(askedAt(request));
      if (!root) return done(null, payload);
      done(null, linksKept(reply, payload, root));
    });

    /** The answer at a challenging address: its challenge, and its links kept under the address. */
    function linksKept(reply: FastifyReply, payload: unknown, root: (typeof ROOTS)[number]): unknown {
      if (reply.statusCode === 401) reply.header('www-authenticate', CHALLENGE);
      const kind = documentKind(reply.getHeader('content-type'));
      if (!kind) return payload;
      if (typeof payload === 'string') return keepChallenging(payload, root, publicUrl, kind);
      // OPDS 2 sends bytes, so its media type goes out as named: bytes again.
      if (Buffer.isBuffer(payload)) return Buffer.from(keepChallenging(payload.toString('utf8'), root, publicUrl, kind));
      return payload;
    }
  },
  { name: 'challenging-address' },
);
