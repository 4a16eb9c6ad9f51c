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

/**
 * Sends JSON that many readers share (home, lists, a series or chapter per access class, already
 * serialized by the catalogue's caches), compressed for a browser that takes brotli or gzip. Each
 * text is compressed once per encoding while it is shared, off the main thread: a series of 2,000
 * chapters is 400 kB of JSON and about 30 kB on the wire. The text is the key, so a change can never
 * serve stale bytes; a team change only lets go of the memory at once.
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
  return async function sendSharedJson(request: FastifyRequest, reply: FastifyReply, json: string): Promise<FastifyReply> {
    reply.type('application/json; charset=utf-8');
    // The catalogue's answers name series in the reader's languages (issue 35 §2): a shared cache
    // keeps one per language as well as per encoding.
    reply.header('vary', 'accept-encoding, accept-language, cookie');
    if (json.length < COMPRESS_FROM_BYTES) return reply.send(json);
    const accepted = String(request.headers['accept-encoding'] ?? '');
    // The text itself is the key: the caches hand out the same string while it is shared, and a
    // string's hash is computed once.
    if (/\bbr\b/.test(accepted)) {
      const body = await compressed.br.get(json, () => brotli(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
      return reply.header('content-encoding', 'br').send(body);
    }
    if (/\bgzip\b/.test(accepted)) {
      const body = await compressed.gzip.get(json, () => gzip(json, { level: 6 }));
      return reply.header('content-encoding', 'gzip').send(body);
    }
    return reply.send(json);
  };
}
