import type { FastifyServerOptions } from 'fastify';

/**
 * Query parameters whose values are bearer secrets, whoever holds the URL holds what they open: a
 * reset or sign-up link's token (issue 7 §4.11), a signed media URL's `sig` (issue 32), S3's
 * presigned parameters, and the usual names of keys and tokens. Compared without case, after
 * percent-decoding the name, as the query parser reads it (`%73ig` is `sig`).
 */
const SECRET_QUERY_PARAMS = new Set([
  'sig',
  'signature',
  'token',
  'key',
  'code',
  'secret',
  'password',
  'access_token',
  'refresh_token',
  'id_token',
  'api_key',
  'apikey',
  'auth',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
  'x-goog-signature',
  'x-goog-credential',
]);

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** The URL with the values of secret query parameters replaced by `[redacted]`, for the log. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const hashAt = url.indexOf('#', queryAt);
  const end = hashAt < 0 ? url.length : hashAt;
  const query = url
    .slice(queryAt + 1, end)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals < 0 || !SECRET_QUERY_PARAMS.has(decodedName(part.slice(0, equals)))) return part;
      return `${part.slice(0, equals)}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, queryAt + 1)}${query}${url.slice(end)}`;
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
