import {
  ENDPOINTS,
  ERROR_STATUS,
  ROUTE_ERRORS,
  isTeamRole,
  errorBodySchema,
  type Access,
  type EndpointData,
  type EndpointName,
  type EndpointResponse,
  type ErrorCode,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
  type RouteDef,
  type SeriesRole,
  type SeriesScope,
} from '@inkwell/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

type OnRequest = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
import { AppError } from './app-error';

/** The signed-in user, as the auth plugin resolves it. */
type SignedInUser = NonNullable<FastifyRequest['user']>;

/** A request that has passed an access check other than 'public': someone is signed in. */
export type SignedInRequest = FastifyRequest & { user: SignedInUser };

/**
 * The request a handler of endpoint N receives: on every endpoint but the public ones the access
 * guard has already refused a visitor, so `user` is there.
 */
type EndpointRequest<N extends EndpointName> = FastifyRequest<{
  Params: ParsedParams<N>;
  Querystring: ParsedQuery<N>;
  Body: ParsedBody<N>;
}> &
  UserOf<N>;

/** What the access guard promises about `user` once endpoint N's request has passed it. */
type UserOf<N extends EndpointName> = (typeof ENDPOINTS)[N]['access'] extends 'public' ? unknown : { user: SignedInUser };

/** Who asks a reader's own read, and what the call names (its params, checked by the contract). */
interface OwnReadInput<N extends EndpointName> {
  user: SignedInUser;
  viewer: FastifyRequest['viewer'];
  params: ParsedParams<N>;
}

/** A reader's own read: the data of endpoint N's answer for them. */
type OwnRead<N extends EndpointName> = (input: OwnReadInput<N>) => Promise<EndpointData<N>>;

interface EndpointOptionsBase<N extends EndpointName> {
  /** More onRequest work after the access check (rate limits), before anything sent is parsed. */
  onRequest?: (request: FastifyRequest & UserOf<N>, reply: FastifyReply) => Promise<void>;
  summary?: string;
  /**
   * Skip per-request schema serialization: the handler sends JSON it has already checked (hot
   * reads, serialized once per cache period). Tests check these answers against the contract.
   */
  prechecked?: boolean;
}

/**
 * Issue 40: a signed-in reader's GET of their own data, given as a function of the reader and the
 * params instead of a handler. The route answers with it; a page shared by a class of readers
 * (plugins/reader-pages.ts) answers each reader's own part with the same function in process,
 * without a round through HTTP: one function behind both, so they cannot drift apart.
 */
interface OwnReadOptions<N extends EndpointName> extends EndpointOptionsBase<N> {
  ownRead: OwnRead<N>;
  /** The answer's Cache-Control, when not the API's default `no-store`. */
  cacheControl?: string;
}

export type EndpointOptions<N extends EndpointName> = HandlerOptions<N> | OwnReadOptions<N>;

interface HandlerOptions<N extends EndpointName> extends EndpointOptionsBase<N> {
  /** The answer, or the reply once sent: at once (a kept answer, issue 40) or as a promise. */
  handler: (request: EndpointRequest<N>, reply: FastifyReply) => Promise<EndpointResponse<N> | FastifyReply> | FastifyReply;
}

/**
 * A member's place on the series a scoped team call is about (issue 37 §3), as the access guard
 * found it: the chapter rules and the audit log read it. Null `seriesId`: an 'own' call, about
 * whichever of their series the handler keeps.
 */
interface SeriesMembership extends Omit<SeriesRole, 'seriesId'> {
  seriesId: string | null;
}

/**
 * The series' team's part of the access guard (the series-team module's plugin): lets a member of a
 * series' team make a scoped team call on that series, or throws 403 `forbidden`. It runs before the
 * params are validated, so it must answer a malformed id with 403 too, never fail on it.
 */
export type SeriesTeamGuard = (request: SignedInRequest, scope: SeriesScope, endpoint: EndpointName) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Decorated by the series-team plugin; without it, team calls stay the editors' and admins'. */
    seriesTeamGuard?: SeriesTeamGuard;
    /** The readers' own reads by endpoint (`ownRead`), decorated by buildApp and filled as routes are registered. */
    ownReads?: OwnReads;
  }
  interface FastifyRequest {
    /** Set by the access guard when a series' team member (not an editor or admin) makes a scoped team call. */
    seriesMember?: SeriesMembership;
  }
}

/** DESIGN §5: every route is authorized on the server, before anything it was sent is looked at. */
function accessGuard(name: EndpointName, def: RouteDef): OnRequest | undefined {
  const { access, scope } = def;
  if (access === 'public') return undefined;
  return async (request: FastifyRequest) => {
    if (!request.user) throw new AppError('unauthorized', 'apiErrors.signInFirst');
    const role = request.user.role;
    if (access === 'team' && !isTeamRole(role)) {
      // A member of one series' team may make the calls scoped to a series, on their own series only.
      const seriesTeamGuard = scope ? request.server.seriesTeamGuard : undefined;
      if (!scope || !seriesTeamGuard) throw new AppError('forbidden', 'apiErrors.noAccess');
      await seriesTeamGuard(request as SignedInRequest, scope, name);
    }
    if (access === 'admin' && role !== 'admin') throw new AppError('forbidden', 'apiErrors.noAccess');
  };
}

/** The statuses an endpoint may answer with, for the OpenAPI document and the serializer. */
function errorStatuses(access: Access, hasInput: boolean, codes: readonly ErrorCode[]): number[] {
  const all = new Set<number>(codes.map((code) => ERROR_STATUS[code]));
  if (hasInput) all.add(400);
  if (access !== 'public') all.add(401);
  if (access === 'team' || access === 'admin') all.add(403);
  // Maintenance mode (issue 10 §2): any call but the few the shell and the team need may answer 503.
  all.add(503);
  return [...all];
}

const TAGS: [RegExp, string][] = [
  [/^\/api\/proxy\//, 'account'],
  [/^\/api\/omegascans\/secure\/team\//, 'team'],
  [/^\/api\/omegascans\/secure\/admin\//, 'admin'],
  [/^\/api\/omegascans\/secure\/me\//, 'me'],
  [/^\/api\/public\//, 'public'],
];
const PLAIN_SERIALIZER = () => (data: unknown) => JSON.stringify(data);

/** The readers' own reads of one app, by endpoint. */
export type OwnReads = Map<EndpointName, OwnRead<EndpointName>>;

/**
 * Endpoint N's answer for a signed-in reader through its `ownRead`, in process: the params checked
 * by the contract's schema and the answer by its response schema, as the route would. Undefined
 * when the endpoint has no `ownRead` or the params are not valid (the caller asks the route).
 */
export async function answerOwnRead(
  reads: OwnReads | undefined,
  name: EndpointName,
  input: { user: SignedInUser; viewer: FastifyRequest['viewer']; params: unknown },
): Promise<{ data: unknown } | undefined> {
  const read = reads?.get(name);
  if (!read) return undefined;
  const schemas = ENDPOINTS[name] as { params?: ZodType; response: ZodType };
  const params = schemas.params ? schemas.params.safeParse(input.params) : { success: true as const, data: {} };
  if (!params.success) return undefined;
  const data = await read({ user: input.user, viewer: input.viewer, params: params.data as never });
  // The route's serializer strips what the contract does not name: so is this answer.
  const answer = schemas.response.parse({ success: true, data }) as { data: unknown };
  return { data: answer.data };
}

/**
 * Registers endpoint N of the contract's table: its method, path, schemas and access come from
 * there, its error codes from ROUTE_ERRORS; the route file gives only what to do.
 */
export function endpoint<N extends EndpointName>(app: FastifyInstance, name: N, options: EndpointOptions<N>): void {
  const def = ENDPOINTS[name];
  const schemas = def as { params?: unknown; query?: unknown; body?: unknown; response: unknown; errorBody?: unknown };
  const hasInput = Boolean(schemas.params || schemas.query || schemas.body || ('multipart' in def && def.multipart));
  const successStatus = 'status' in def && def.status ? def.status : 200;
  const response: Record<number, unknown> = { [successStatus]: schemas.response };
  const codes = ROUTE_ERRORS[name];
  for (const status of errorStatuses(def.access, hasInput, codes)) response[status] = schemas.errorBody ?? errorBodySchema;
  const guard = accessGuard(name, def);
  const handler = 'ownRead' in options ? ownReadHandler(app, name, options) : options.handler;
  // The access guard runs first, so the endpoint's own hook sees the request its handler will.
  const onRequest = [guard, options.onRequest as OnRequest | undefined].filter((hook): hook is OnRequest => Boolean(hook));

  const route: RouteOptions = {
    method: def.method,
    url: def.path,
    // For the hooks that act by endpoint (the audit log records team and admin mutations).
    config: { endpoint: name, access: def.access },
    schema: {
      tags: [TAGS.find(([pattern]) => pattern.test(def.path))?.[1] ?? 'api'],
      ...(options.summary ? { summary: options.summary } : {}),
      ...(schemas.params ? { params: schemas.params } : {}),
      ...(schemas.query ? { querystring: schemas.query } : {}),
      ...(schemas.body ? { body: schemas.body } : {}),
      ...('multipart' in def && def.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response,
    },
    ...(onRequest.length > 0 ? { onRequest } : {}),
    ...(options.prechecked ? { serializerCompiler: PLAIN_SERIALIZER } : {}),
    handler: (request, reply) => {
      const result = handler(request as EndpointRequest<N>, reply);
      // Sent already, in this turn: nothing for Fastify to wait for.
      if (result === reply) return undefined;
      return (async () => {
        const answer = await result;
        if (answer === reply) return reply;
        if (successStatus !== 200) reply.code(successStatus);
        return answer;
      })();
    },
  };
  app.route(route);
}

/** The route's handler for an `ownRead`, which is also kept in the app's reads for in-process answers. */
function ownReadHandler<N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  options: OwnReadOptions<N>,
): HandlerOptions<N>['handler'] {
  const def = ENDPOINTS[name];
  if (def.method !== 'GET' || def.access !== 'user') throw new Error(`${name}: an own read is a signed-in reader's GET`);
  app.ownReads?.set(name, options.ownRead as unknown as OwnRead<EndpointName>);
  const { ownRead, cacheControl } = options;
  return async (request, reply) => {
    if (cacheControl) reply.header('cache-control', cacheControl);
    const { user, viewer, params } = request as EndpointRequest<N> & { user: SignedInUser };
    return { success: true, data: await ownRead({ user, viewer, params: params as ParsedParams<N> }) } as EndpointResponse<N>;
  };
}
