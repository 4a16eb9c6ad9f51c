import type { FastifyInstance, FastifyRequest } from 'fastify';

// The API as the web app's renderer calls it while drawing a page on the server (issue 11 §1):
// answered in this process, as the reader who asked for the page.

/** The fetch the renderer is handed. */
export type RenderFetch = (path: string, init: RequestInit) => Promise<Response>;

/** The reader's own headers, which the API reads to know who asks (session, language, browser). */
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language'] as const;

/** The API answered in this process, as the page's reader would have been answered. */
export function inProcessFetch(
  app: FastifyInstance,
  request: FastifyRequest,
  setCookies: string[],
  asked: string[],
  extraHeaders: Record<string, string> = {},
): RenderFetch {
  const headers: Record<string, string> = { ...extraHeaders };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return async (path, init) => {
    asked.push(path);
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: path,
      headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      remoteAddress: request.ip,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      if (name === 'set-cookie') {
        setCookies.push(...(Array.isArray(value) ? value : [String(value)]));
        continue;
      }
      responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const hasBody = answer.statusCode !== 204 && answer.statusCode !== 304;
    return new Response(hasBody ? answer.rawPayload : null, { status: answer.statusCode, headers: responseHeaders });
  };
}
