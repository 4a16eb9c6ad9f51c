import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Viewer } from '../../identity/access';
import { AppError } from '../../../lib/app-error';
import { errorBody } from '../../../lib/error-body';
import type { DeviceKeyReader, DeviceKeysService } from '../../identity/device-keys';
import type { KoreaderProgress, KoreaderService } from './koreader.service';

const KOREADER_ROOT = '/koreader';

/** The reference server's errors, word for word: KOReader and the conformance suite read them. */
const ERRORS = {
  badJson: { status: 400, code: 103, message: 'Could not parse JSON in body.' },
  notAnObject: { status: 400, code: 104, message: 'Body should be a JSON hash.' },
  unauthorized: { status: 401, code: 2001, message: 'Unauthorized' },
  invalid: { status: 403, code: 2003, message: 'Invalid request' },
  noDocument: { status: 403, code: 2004, message: "Field 'document' not provided." },
  registrationDisabled: { status: 402, code: 2005, message: 'User registration is disabled.' },
  notFound: { status: 404, code: 404, message: 'Not found' },
} as const;

const fail = (reply: FastifyReply, error: { status: number; code: number; message: string }) =>
  reply.code(error.status).send({ code: error.code, message: error.message });

/**
 * Past the limits on wrong keys (issue 32): the reference server has no such answer, so 429 in its
 * shape, its code the status as for 404, with Retry-After.
 */
const tooManyAttempts = async (reply: FastifyReply, error: AppError) => {
  // Ours, not the reference server's: said in the reader's language (decision 0040).
  const { message } = await errorBody(reply.request, error.code, error.reason, { values: error.values });
  return fail(reply.headers(error.headers ?? {}), { status: 429, code: 429, message });
};

/** A name the reference server would take as part of a key: not empty, no colon. */
const isKeyField = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 200 && !value.includes(':');

/**
 * KOReader sync at /koreader (issue 19 §5), as the reference server answers it: the username and
 * the MD5 of a device key in `x-auth-user`/`x-auth-key`, bodies read as JSON whatever their
 * Content-Type, every answer `application/json`, errors as `{code, message}`. Accounts are made
 * on the site, so /users/create answers "registration is disabled".
 */
export async function koreaderRoutes(
  app: FastifyInstance,
  { koreader, deviceKeys }: { koreader: KoreaderService; deviceKeys: DeviceKeysService },
) {
  // KOReader sends JSON, other clients text/plain or nothing: every body is read as text here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  /** The body as a JSON object, or the reference server's 400. */
  function objectBody(request: FastifyRequest, reply: FastifyReply): Record<string, unknown> | null {
    const raw = typeof request.body === 'string' ? request.body.trim() : '';
    if (raw === '') return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      fail(reply, ERRORS.badJson);
      return null;
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      fail(reply, ERRORS.notAnObject);
      return null;
    }
    return parsed as Record<string, unknown>;
  }

  /** The key's reader, or the 401 (429 past the limits on wrong keys) already sent. */
  async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<(Viewer & { userId: string }) | null> {
    const user = request.headers['x-auth-user'];
    const key = request.headers['x-auth-key'];
    let reader: DeviceKeyReader | null = null;
    try {
      if (isKeyField(user) && typeof key === 'string' && key.length > 0)
        reader = await deviceKeys.authenticateMd5(user, key, request.ip);
    } catch (error) {
      if (error instanceof AppError && error.code === 'rate_limited') {
        await tooManyAttempts(reply, error);
        return null;
      }
      throw error;
    }
    const viewer = reader ? await deviceKeys.viewerFor(reader).catch(() => null) : null;
    if (!viewer?.userId) {
      fail(reply, ERRORS.unauthorized);
      return null;
    }
    return viewer as Viewer & { userId: string };
  }

  app.get(`${KOREADER_ROOT}/healthcheck`, { schema: { hide: true } }, async () => ({ state: 'OK' }));

  app.post(`${KOREADER_ROOT}/users/create`, { schema: { hide: true } }, async (_request, reply) =>
    fail(reply, ERRORS.registrationDisabled),
  );

  app.get(`${KOREADER_ROOT}/users/auth`, { schema: { hide: true } }, async (request, reply) => {
    if (!(await signedIn(request, reply))) return reply;
    return { authorized: 'OK' };
  });

  app.put(`${KOREADER_ROOT}/syncs/progress`, { schema: { hide: true } }, async (request, reply) => {
    const body = objectBody(request, reply);
    if (!body) return reply;
    const viewer = await signedIn(request, reply);
    if (!viewer) return reply;
    const { document, device, device_id: deviceId } = body;
    if (!isKeyField(document)) return fail(reply, ERRORS.noDocument);
    // The reference server stores whatever it is sent as a string: KOReader sends a paged
    // document's page as a number, and gets it back as "17".
    const progress = typeof body.progress === 'number' && Number.isFinite(body.progress) ? String(body.progress) : body.progress;
    // A number, or a string that is one (the reference server takes either); 0 is a place too.
    const percentage =
      typeof body.percentage === 'number'
        ? body.percentage
        : typeof body.percentage === 'string' && body.percentage.trim() !== ''
          ? Number(body.percentage)
          : Number.NaN;
    if (
      !Number.isFinite(percentage) ||
      typeof progress !== 'string' ||
      progress.length > 2000 ||
      typeof device !== 'string' ||
      device.length > 200 ||
      (deviceId !== undefined && (typeof deviceId !== 'string' || deviceId.length > 200))
    ) {
      return fail(reply, ERRORS.invalid);
    }
    const sent: KoreaderProgress = { progress, percentage, device, ...(deviceId === undefined ? {} : { device_id: deviceId }) };
    return koreader.save(viewer, document, sent);
  });

  app.get<{ Params: { document: string } }>(
    `${KOREADER_ROOT}/syncs/progress/:document`,
    { schema: { hide: true } },
    async (request, reply) => {
      const viewer = await signedIn(request, reply);
      if (!viewer) return reply;
      if (!isKeyField(request.params.document)) return fail(reply, ERRORS.noDocument);
      return koreader.get(viewer, request.params.document);
    },
  );

  // Anything else here is no part of the protocol: a JSON 404, not the site's page.
  app.all(`${KOREADER_ROOT}/*`, { schema: { hide: true } }, async (_request, reply) => fail(reply, ERRORS.notFound));
  app.all(KOREADER_ROOT, { schema: { hide: true } }, async (_request, reply) => fail(reply, ERRORS.notFound));
}
