import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from '../lib/error-body';

const NUL = '\u0000';
/** The deepest a JSON body is walked; deeper bodies are not ours (no schema nests this far). */
const MAX_DEPTH = 64;

/** The path of the first string (or key) holding a NUL character, or undefined. */
function findNul(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path || 'value' : undefined;
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return undefined;
  // A raw body kept as bytes (Stripe's webhook) is not text; walking it byte by byte would only cost time.
  if (ArrayBuffer.isView(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findNul(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return at;
    const found = findNul(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Issue 7 §4.4: a NUL character (U+0000, `%00`) is never valid text here, and PostgreSQL refuses
 * it in every text column ("invalid byte sequence", a 500 before this). One check for every
 * route, before its handler: the decoded path, query and parameters, then the parsed JSON body,
 * each answered with a 400 naming the field.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback, not an async hook: a clean request makes no promise (issue 40); a refused one is
    // answered here and goes no further.
    app.addHook('preValidation', (request, reply, done) => {
      const found =
        findNul(request.params) ??
        findNul(request.query) ??
        (/%00/i.test(request.url) || request.url.includes(NUL) ? 'url' : undefined) ??
        findNul(request.body);
      if (!found) return done();
      sendError(reply, 'validation_failed', 'apiErrors.request.nulCharacter', {
        values: { field: found },
        fields: { [found]: 'apiErrors.request.nulCharacterField' },
      }).catch(done);
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
