import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCompress } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CATALOGUE_EVENTS, clearedOnAll, type CacheRegistry } from './caches';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);

/** Smaller answers go as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 8 * 1024;
/** As long as the catalogue keeps its answers (10 s); the same text is the same bytes. */
const COMPRESSED_TTL_MS = 10_000;
const COMPRESSED_MAX_BYTES = 16 * 1024 * 1024;

type Encoding = 'br' | 'gzip';
const COMPRESS: Record<Encoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) => brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (bytes) => gzip(bytes, { level: 6 }),
};

/**
 * JSON many answers share, kept as the bytes that go out (issue 40): a kept string was encoded to
 * UTF-8 twice on every request (its length, then the write), half of a cached answer's time. Each
 * compression is made the first time a browser asks for it and kept on the same object, so it is
 * let go with the answer, by the events that drop the cache holding it.
 */
export interface SharedJson {
  readonly bytes: Buffer;
  compressed?: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The compressions made so far, at hand without a promise. */
  ready?: Partial<Record<Encoding, Buffer>>;
}

export const sharedJson = (text: string): SharedJson => ({ bytes: Buffer.from(text) });

/** The encoding a browser takes that answers are compressed in, brotli first; none for any other. */
function encodingOf(request: FastifyRequest): Encoding | null {
  const accepted = request.headers['accept-encoding'];
  if (!accepted) return null;
  if (/\bbr\b/.test(accepted)) return 'br';
  return /\bgzip\b/.test(accepted) ? 'gzip' : null;
}

/** The answer's bytes in an encoding, made once (off the main thread); a failure is tried again next time. */
function compressedOf(json: SharedJson, encoding: Encoding): Promise<Buffer> {
  const kept = (json.compressed ??= {});
  let made = kept[encoding];
  if (!made) {
    made = COMPRESS[encoding](json.bytes);
    kept[encoding] = made;
    made.then(
      (bytes) => {
        if (kept[encoding] === made) (json.ready ??= {})[encoding] = bytes;
      },
      () => {
        if (kept[encoding] === made) delete kept[encoding];
      },
    );
  }
  return made;
}

/**
 * Sends JSON that many readers share (home, lists, a series or chapter per access class, already
 * serialized by the catalogue's caches), compressed for a browser that takes brotli or gzip. Each
 * answer is compressed once per encoding while it is shared, off the main thread: a series of 2,000
 * chapters is 400 kB of JSON and about 30 kB on the wire. A `SharedJson` carries its own bytes; a
 * string (the dashboards') is the key of its compressions, so a change can never serve stale bytes,
 * and a team change only lets go of the memory at once. Bytes at hand (a `SharedJson` as it is, or
 * compressed before) go out at once: the reply, not a promise of it (issue 40).
 */
export function createSharedJsonSender(caches: Pick<CacheRegistry, 'declare'>, name: string) {
  const declare = (encoding: string) =>
    caches.declare<Buffer>({
      name: `${name} JSON, ${encoding}`,
      ttlMs: COMPRESSED_TTL_MS,
      bound: { maxEntries: 200, maxBytes: COMPRESSED_MAX_BYTES, sizeOf: (value: unknown) => (value as Buffer).length },
      clearedBy: clearedOnAll(CATALOGUE_EVENTS),
    });
  const compressed = { br: declare('brotli'), gzip: declare('gzip') };
  return function sendSharedJson(
    request: FastifyRequest,
    reply: FastifyReply,
    json: string | SharedJson,
  ): FastifyReply | Promise<FastifyReply> {
    reply.type('application/json; charset=utf-8');
    // The catalogue's answers name series in the reader's languages (issue 35 §2): a shared cache
    // keeps one per language as well as per encoding.
    reply.header('vary', 'accept-encoding, accept-language, cookie');
    const size = typeof json === 'string' ? json.length : json.bytes.length;
    const encoding = size < COMPRESS_FROM_BYTES ? null : encodingOf(request);
    if (typeof json !== 'string') {
      if (!encoding) return reply.send(json.bytes);
      const ready = json.ready?.[encoding];
      if (ready) return reply.header('content-encoding', encoding).send(ready);
      return compressedOf(json, encoding).then((body) => reply.header('content-encoding', encoding).send(body));
    }
    if (!encoding) return reply.send(json);
    // The text itself is the key: the caches hand out the same string while it is shared, and a
    // string's hash is computed once.
    return compressed[encoding]
      .get(json, () => COMPRESS[encoding](Buffer.from(json)))
      .then((body) => reply.header('content-encoding', encoding).send(body));
  };
}
