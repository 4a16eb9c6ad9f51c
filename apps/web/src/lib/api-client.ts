import { DEFAULT_FETCH_TIMEOUT_MS, type ErrorCode } from '@inkwell/contract';

/** DESIGN §3: the API host; the same origin unless VITE_API_HOST says otherwise. */
const API_HOST = (import.meta.env.VITE_API_HOST as string | undefined)?.replace(/\/$/, '') ?? '';

export function apiUrl(path: string): string {
  return `${API_HOST}${path}`;
}

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`The request took longer than ${ms / 1000} s and was stopped`);
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
    return await fetch(apiUrl(path), { ...init, credentials: 'include', signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new TimeoutError(timeoutMs);
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
    headers: { ...(json !== undefined || rest.method ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  const body = (await response.json().catch(() => undefined)) as
    | { success?: boolean; message?: string; error?: { code?: ErrorCode; message?: string; fields?: Record<string, string> } }
    | undefined;
  if (!response.ok || body?.success === false) {
    const message = body?.error?.message ?? body?.message ?? `HTTP error! status: ${response.status}`;
    throw new ApiError(response.status, message, body?.error?.code, body?.error?.fields);
  }
  return body as T;
}
