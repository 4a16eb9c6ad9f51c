import { BlockList, isIPv4, isIPv6 } from 'node:net';

/*
 * Whether an IP address is on the public internet, for the places the server connects to an address
 * a reader gave it (push endpoints). From IANA's special-purpose address registries: anything not
 * globally reachable is refused, and so is an IPv6 address that carries an IPv4 one (mapped,
 * NAT64, 6to4) unless the IPv4 address inside is public itself.
 */

/** IPv4 space that is not the public internet (RFC 6890 and its updates). */
const IPV4_NOT_PUBLIC: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/**
 * IPv6 space inside 2000::/3 (global unicast, the only IPv6 space taken at all) that is still not
 * the public internet. Outside 2000::/3 lie loopback, unspecified, IPv4-compatible (::/96), the
 * discard prefix, unique-local (fc00::/7), link-local (fe80::/10), site-local (fec0::/10) and
 * multicast (ff00::/8), all refused.
 */
const IPV6_NOT_PUBLIC: readonly [string, number][] = [
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
];

const ipv4Blocked = new BlockList();
for (const [network, prefix] of IPV4_NOT_PUBLIC) ipv4Blocked.addSubnet(network, prefix, 'ipv4');
const ipv6Blocked = new BlockList();
for (const [network, prefix] of IPV6_NOT_PUBLIC) ipv6Blocked.addSubnet(network, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address (`isIPv6` already true), the dotted IPv4 tail included. */
function ipv6Bytes(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const words = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
const dottedOf = (bytes: number[]) => bytes.join('.');

/** The IPv4 address an IPv6 one stands for, where it carries one: IPv4-mapped, NAT64 (RFC 6052's well-known prefix) or 6to4. */
function embeddedIPv4(bytes: number[]): string | undefined {
  if (startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff])) return dottedOf(bytes.slice(12));
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])) return dottedOf(bytes.slice(12));
  if (startsWith(bytes, [0x20, 0x02])) return dottedOf(bytes.slice(2, 6));
  return undefined;
}

/**
 * The IPv4 address an IPv6 one is only another spelling of: IPv4-mapped (::ffff:0:0/96), or NAT64's
 * well-known prefix (64:ff9b::/96), both reaching the IPv4 host itself. Not 6to4: the IPv4 address
 * in it is a relay's, not the host's.
 */
export function ipv4SpelledAsIPv6(address: string): string | undefined {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (!isIPv6(bare) || bare.includes('%')) return undefined;
  const bytes = ipv6Bytes(bare.toLowerCase());
  return startsWith(bytes, [0x20, 0x02]) ? undefined : embeddedIPv4(bytes);
}

/**
 * Whether `address` (an IP address as text, as a URL's host or a DNS answer gives it) is on the
 * public internet. Anything else, a host name or garbage or an address with a zone, is not.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(bare)) return !ipv4Blocked.check(bare, 'ipv4');
  if (!isIPv6(bare) || bare.includes('%')) return false;
  const bytes = ipv6Bytes(bare.toLowerCase());
  const inner = embeddedIPv4(bytes);
  if (inner !== undefined) return isPublicAddress(inner);
  // Global unicast (2000::/3) only, less its special parts.
  if ((bytes[0]! & 0xe0) !== 0x20) return false;
  return !ipv6Blocked.check(bare, 'ipv6');
}
