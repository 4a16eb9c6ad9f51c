import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AppError, type ApiErrorId, type MessageValues } from '../../../lib/app-error';
import { ipv4SpelledAsIPv6, isPublicAddress } from '../../../lib/public-address';

/** The addresses a host name has (all of them): `dns.lookup` in production, a table in tests. */
export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const resolveWithDns: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

export interface EndpointRules {
  /** Loopback and private push endpoints, and http://, for tests with a push service of their own. */
  allowPrivate: boolean;
  resolveHost: ResolveHost;
}

const SEND_TIMEOUT_MS = 10_000;

/**
 * The error for an endpoint that is not a push service on the public internet: 400 when a reader
 * subscribes, and at send time the sign to forget the subscription without connecting.
 */
export const refusedEndpoint = (reason: ApiErrorId, values?: MessageValues) =>
  new AppError('validation_failed', reason, {
    values,
    fields: { endpoint: 'apiErrors.platform.pushEndpointField' },
  });
export const isRefusedEndpoint = (error: unknown): error is AppError =>
  error instanceof AppError && error.code === 'validation_failed';

/**
 * The one spelling an endpoint is saved and compared by, so that an endpoint belongs to an account
 * by the push resource it names, not by how it was written. A URL as WHATWG serializes it (host in
 * lower case, a numeric host as dotted IPv4, the scheme's default port and dot segments gone), and
 * further: an IPv6 literal that only spells an IPv4 address as that address, a host name's final
 * dot, a fragment (never sent) and an empty query dropped. A browser's endpoint is already written
 * so; throws a TypeError for what is not a URL.
 */
export function canonicalEndpoint(endpoint: string): string {
  const url = new URL(endpoint);
  const ipv4 = ipv4SpelledAsIPv6(url.hostname);
  if (ipv4 !== undefined) url.hostname = ipv4;
  else if (!url.hostname.startsWith('[') && /[^.]\.+$/.test(url.hostname)) url.hostname = url.hostname.replace(/\.+$/, '');
  url.hash = '';
  // An empty query reads as '' whether it was '?' or nothing; setting '' leaves no '?'.
  if (url.search === '') url.search = '';
  return url.href;
}

/** A name that could not be resolved now: perhaps for good, perhaps only for a moment (so not a reason to forget it). */
export class UnresolvedHostError extends Error {
  constructor(
    readonly hostname: string,
    options?: ErrorOptions,
  ) {
    super(`${hostname} could not be resolved`, options);
  }
}

/** A host's addresses, refused if any of them is not public (a name may point anywhere, and may change). */
async function publicAddressesOf(hostname: string, resolveHost: ResolveHost) {
  let addresses: Awaited<ReturnType<ResolveHost>>;
  try {
    addresses = await resolveHost(hostname);
  } catch (error) {
    throw new UnresolvedHostError(hostname, { cause: error });
  }
  if (addresses.length === 0) throw new UnresolvedHostError(hostname);
  const inward = addresses.find(({ address }) => !isPublicAddress(address));
  if (inward) throw refusedEndpoint('apiErrors.platform.pushLeadsInward', { host: hostname, address: inward.address });
  return addresses;
}

/**
 * Whether a push endpoint may be connected to: https, no credentials, and a host that is, or only
 * resolves to, public addresses (IPv4-mapped, NAT64 and 6to4 addresses judged by the IPv4 address
 * they carry). Throws `refusedEndpoint` otherwise, or `UnresolvedHostError` for a name without an
 * answer. Checked when a reader subscribes and again before every send, since a name's addresses
 * can change after it was accepted.
 */
export async function checkPushEndpoint(endpoint: string, rules: EndpointRules): Promise<void> {
  const url = new URL(endpoint);
  if (rules.allowPrivate) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refusedEndpoint('apiErrors.platform.pushNotHttp');
    return;
  }
  if (url.protocol !== 'https:') throw refusedEndpoint('apiErrors.platform.pushNotHttps');
  if (url.username || url.password) throw refusedEndpoint('apiErrors.platform.pushCredentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw refusedEndpoint('apiErrors.platform.pushNotPublic', { host });
    return;
  }
  await publicAddressesOf(host, rules.resolveHost);
}

/**
 * The lookup the connection itself uses: the name resolved once more and refused unless every
 * address is public, so a name that changes between the check and the connection (DNS rebinding)
 * still never reaches a private address.
 */
function publicLookup(resolveHost: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    publicAddressesOf(hostname, resolveHost).then(
      (found) => {
        const addresses = options.family ? found.filter(({ family }) => family === options.family) : found;
        if (addresses.length === 0) return callback(new UnresolvedHostError(hostname), '', 0);
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(error, '', 0),
    );
  };
}

/** Posts a prepared push (web-push's request details) and answers the push service's status; follows no redirect. */
export function postToPushService(
  details: { endpoint: string; method: string; headers: Record<string, string | number>; body: Buffer | null },
  rules: EndpointRules,
): Promise<number> {
  const url = new URL(details.endpoint);
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: details.method,
        headers: details.headers,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        ...(rules.allowPrivate ? {} : { lookup: publicLookup(rules.resolveHost) }),
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
        answer.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(details.body ?? undefined);
  });
}
