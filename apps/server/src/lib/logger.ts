import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values are secrets: a reset link's token above all (issue 7 §4.11). */
const SECRET_QUERY_PARAMS = /([?&](?:token|code|secret|password|signature)=)[^&#]*/gi;

/** The URL with the values of secret query parameters replaced, for the log. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
}

/** What a request looks like to a log serializer: Fastify hands it the request object. */
interface LoggedRequest {
  method?: string | undefined;
  url?: string | undefined;
  host?: string | undefined;
  ip?: string | undefined;
  socket?: { remotePort?: number | undefined } | undefined;
}

/**
 * The server's logger options: Fastify's request serializer, but with secrets in the URL
 * redacted (a reset link is a GET with its token in the query, logged on every request).
 */
export function loggerOptions(level: string) {
  return {
    level,
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url ?? ''),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  } satisfies FastifyServerOptions['logger'];
}
