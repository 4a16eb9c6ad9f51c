import { previewAs } from './auth/preview-as';
import {
  DEFAULT_FETCH_TIMEOUT_MS,
  fillPath,
  type EndpointBody,
  type EndpointData,
  type EndpointName,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type ErrorCode,
  type RouteDef,
  type ROUTES,
} from '@inkwell/contract';
import readerEndpoints from 'virtual:inkwell-endpoints/reader';
import type { LATER_ENDPOINTS } from './later-endpoints';
import { loadI18n, pageLocale } from './i18n/i18n';
import { reportMaintenanceAnswer } from './maintenance';
import { renderScope } from './render-scope';

/** DESIGN §3: the API host; the same origin unless VITE_API_HOST says otherwise. */
const API_HOST = (import.meta.env.VITE_API_HOST as string | undefined)?.replace(/\/$/, '') ?? '';

export function apiUrl(path: string): string {
  return `${API_HOST}${path}`;
}

export class TimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeoutError';
  }
}

/** An API answer that was not a success, with the server's code and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, message: string, code?: ErrorCode, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface FetchOptions extends RequestInit {
  /** SPEC §7, §9: aborted after this long; 10 s unless said otherwise. */
  timeoutMs?: number;
}

/**
 * fetch with credentials always included (SPEC §7) and a time-out that aborts the request.
 */
export async function fetchWithTimeout(path: string, options: FetchOptions = {}): Promise<Response> {
  const { timeoutMs = DEFAULT_FETCH_TIMEOUT_MS, signal, ...init } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort);
  try {
    const request: RequestInit = { ...init, credentials: 'include', signal: controller.signal };
    // Rendering a page on the server, the API is called in process, as the reader asking for the page.
    const scope = renderScope();
    return await (scope ? scope.fetch(path, request) : fetch(apiUrl(path), request));
  } catch (error) {
    if (timedOut) throw new TimeoutError(await pageMessage('common.lib.api.timedOut', { seconds: timeoutMs / 1000 }));
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** JSON in, JSON out; a non-2xx answer or `success: false` becomes an ApiError. */
export async function apiJson<T>(path: string, options: FetchOptions & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = options;
  const response = await fetchWithTimeout(path, {
    ...rest,
    // A GET stays a simple request; a write says it speaks JSON even without a body (SPEC §7 logout).
    headers: {
      ...(json !== undefined || (rest.method && rest.method !== 'GET') ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  const body = (await response.json().catch(() => undefined)) as
    | { success?: boolean; message?: string; error?: { code?: ErrorCode; message?: string; fields?: Record<string, string> } }
    | undefined;
  if (!response.ok || body?.success === false) {
    // The server says its errors in the page's language already (decision 0040); only our own fallback is said here.
    const message =
      body?.error?.message ?? body?.message ?? (await pageMessage('common.lib.api.httpError', { status: response.status }));
    // Issue 10 §2: the shell shows the maintenance page whichever call learnt that the site is down.
    if (response.status === 503 && body?.error?.code === 'maintenance') reportMaintenanceAnswer(message);
    throw new ApiError(response.status, message, body?.error?.code, body?.error?.fields);
  }
  return body as T;
}

// Not distributive: a schema that may be absent (`nullish`) still has keys.
type HasKeys<T> = [T] extends [undefined] ? false : true;

/** What a call to endpoint N takes: its path params, query and body as the contract types them. */
export type CallInput<N extends EndpointName> = (HasKeys<EndpointParams<N>> extends true
  ? { params: EndpointParams<N> }
  : { params?: never }) &
  (HasKeys<EndpointQuery<N>> extends true ? { query?: EndpointQuery<N> } : { query?: never }) &
  (HasKeys<EndpointBody<N>> extends true
    ? undefined extends EndpointBody<N>
      ? { body?: NonNullable<EndpointBody<N>> }
      : { body: EndpointBody<N> }
    : { body?: never }) & {
    signal?: AbortSignal;
    timeoutMs?: number;
    cache?: RequestCache;
    /** Lets the request outlive the page (a reading saved as the reader leaves). */
    keepalive?: boolean;
  };

/** The query string of a call: undefined and empty values are left out. */
function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The endpoints a reader's pages call (public and signed-in); the team's and admin's are the dashboard's. */
export type ReaderEndpointName = {
  [N in EndpointName]: (typeof ROUTES)[N]['access'] extends 'team' | 'admin'
    ? never
    : N extends (typeof LATER_ENDPOINTS)[number]
      ? never
      : N;
}[EndpointName];

let laterEndpoints: Promise<Readonly<Record<string, RouteDef>>> | undefined;

/**
 * Endpoint N's method, path and access, from the contract's table (ROUTES) as the build splits it
 * (build/contract-tables.ts, endpointTables): a reader's endpoints are at hand; those only later screens call
 * (later-endpoints.ts) and the team's and admin's load with the first call to one (issue 35: every
 * page's first chunk holds only the readers' part).
 */
export function endpointRoute(name: EndpointName): RouteDef | Promise<RouteDef> {
  const route = readerEndpoints[name];
  if (route) return route;
  // The later screens' and the team's parts come together: one wait, whichever the name is in.
  laterEndpoints ??= Promise.all([import('virtual:inkwell-endpoints/later'), import('virtual:inkwell-endpoints/team')]).then(
    ([later, team]) => ({ ...later.default, ...team.default }),
  );
  return laterEndpoints.then((table) => {
    const laterRoute = table[name];
    if (!laterRoute) throw new Error(`No endpoint ${name} in the contract's table`);
    return laterRoute;
  });
}

/** The URL path of a call to a route (path params filled, query appended). */
function routeUrl(route: RouteDef, input: { params?: unknown; query?: unknown }): string {
  return fillPath(route.path, input.params as Record<string, string>) + toQueryString(input.query as Record<string, unknown>);
}

/** The URL path of a call to a reader's endpoint N (path params filled, query appended). */
export function endpointUrl<N extends ReaderEndpointName>(name: N, input: { params?: unknown; query?: unknown } = {}): string {
  return routeUrl(readerEndpoints[name]!, input);
}

/** The same for any endpoint: a team's endpoint's path may have to load first. */
export async function anyEndpointUrl(name: EndpointName, input: { params?: unknown; query?: unknown } = {}): Promise<string> {
  return routeUrl(await endpointRoute(name), input);
}

/** A message of the page's language (common's), for an error told outside any component. */
export async function pageMessage(id: string, values?: Record<string, unknown>): Promise<string> {
  return (await loadI18n(pageLocale()))._(id, values);
}

/**
 * The one typed client (DESIGN §6): calls endpoint N of the contract's table with its method and
 * path, and resolves with the answer the contract gives it. A failure is an ApiError carrying the
 * server's `error.code`, which callers switch on.
 */
export function callApi<N extends EndpointName>(
  name: N,
  ...[input]: HasKeys<EndpointParams<N>> extends true
    ? [CallInput<N>]
    : EndpointBody<N> extends undefined
      ? [CallInput<N>?]
      : [CallInput<N>]
): Promise<EndpointResponse<N>> {
  const route = endpointRoute(name);
  return route instanceof Promise ? route.then((loaded) => callRoute<N>(loaded, input)) : callRoute<N>(route, input);
}

/** A call to an endpoint whose route is at hand (callApi). */
function callRoute<N extends EndpointName>(route: RouteDef, input: CallInput<N> | undefined): Promise<EndpointResponse<N>> {
  const { body, signal, timeoutMs, cache, keepalive } = (input ?? {}) as CallInput<N>;
  // A team member previewing the site (issue 22 §3) asks the public reads as that kind of viewer,
  // and changes nothing while they look: no write leaves the browser.
  if (route.method !== 'GET' && previewAs())
    return pageMessage('common.lib.api.previewReadOnly').then((message) =>
      Promise.reject(new ApiError(403, message, 'forbidden')),
    );
  const preview = route.access === 'public' && route.method === 'GET' ? previewAs() : null;
  const url = routeUrl(route, input ?? {});
  return apiJson<EndpointResponse<N>>(preview ? `${url}${url.includes('?') ? '&' : '?'}as=${preview}` : url, {
    method: route.method,
    ...(body !== undefined ? { json: body } : {}),
    ...(signal ? { signal } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(cache ? { cache } : {}),
    ...(keepalive ? { keepalive } : {}),
  });
}

/** The same, resolving with the envelope's `data`. */
export async function callApiData<N extends EndpointName>(
  name: N,
  ...args: Parameters<typeof callApi<N>>[1] extends infer I ? (undefined extends I ? [I?] : [I]) : never
): Promise<EndpointData<N>> {
  const body = (await (callApi as (n: N, i?: unknown) => Promise<{ data: EndpointData<N> }>)(name, args[0])).data;
  return body;
}

/**
 * The raw answer of endpoint N, for the few SPEC §7 calls whose handling the spec fixes (verify,
 * login, logout, profile): they read the status and the body themselves. Method and path still
 * come from the endpoint table; a write carries the JSON content type, with or without a body.
 */
export function fetchEndpoint<N extends ReaderEndpointName>(
  name: N,
  options: {
    params?: EndpointParams<N>;
    body?: EndpointBody<N>;
    timeoutMs?: number;
    cache?: RequestCache;
    signal?: AbortSignal;
  } = {},
): Promise<Response> {
  const { method } = readerEndpoints[name]!;
  const { params, body, ...init } = options;
  return fetchWithTimeout(endpointUrl(name, { params }), {
    ...init,
    method,
    ...(method !== 'GET' ? { headers: { 'content-type': 'application/json' } } : {}),
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

/** The JSON body of an answer from endpoint N, typed by the contract (invalid JSON rejects). */
export function readEndpointJson<N extends EndpointName>(response: Response): Promise<EndpointResponse<N>> {
  return response.json() as Promise<EndpointResponse<N>>;
}
