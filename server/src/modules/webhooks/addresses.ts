/**
 * Where webhooks may be sent: https addresses whose host resolves to public addresses only, so a
 * company admin cannot make the server call its own network (loopback, private, link-local,
 * unique-local, shared CGNAT, unspecified, multicast and reserved ranges, IPv4 and IPv6, with IPv4
 * carried inside IPv6 judged as the IPv4 it carries). Every address a name resolves to must pass:
 * a name with one private address among public ones could be answered with that one at delivery.
 * The check runs when a webhook is saved and again at each delivery, whose connection then goes to
 * the very address checked (`pinnedLookup`), so a name re-pointed between the check and the
 * connection (DNS rebinding) reaches nothing new. `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE) lifts it
 * for development, and allows http.
 */
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';

/** IPv4 ranges no webhook goes to: [first address, prefix length]. */
const V4_BLOCKED: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const v4Number = (address: string): number => address.split('.').reduce((n, part) => n * 256 + Number(part), 0);

function v4Blocked(address: string): boolean {
  const n = v4Number(address);
  return V4_BLOCKED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(n / size) === Math.floor(v4Number(base) / size);
  });
}

/** The eight 16-bit groups of an IPv6 address (a zone `%eth0` dropped, a dotted IPv4 tail read). */
export function v6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4Number(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return groups.map((group) => parseInt(group || '0', 16));
}

const v4Of = (high: number, low: number): string => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

function v6Blocked(address: string): boolean {
  const g = v6Groups(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return true; // :: unspecified
  if (zeros(0, 7) && g[7] === 1) return true; // ::1 loopback
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): the IPv4 decides.
  if (zeros(0, 5) && g[5] === 0xffff) return v4Blocked(v4Of(g[6]!, g[7]!));
  if (zeros(0, 6)) return v4Blocked(v4Of(g[6]!, g[7]!));
  // NAT64 (64:ff9b::/96) carries an IPv4 in its last 32 bits; 6to4 (2002::/16) in bits 16–47.
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4Blocked(v4Of(g[6]!, g[7]!));
  if (g[0] === 0x2002) return v4Blocked(v4Of(g[1]!, g[2]!));
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique-local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xffc0) === 0xfec0) return true; // fec0::/10 old site-local
  if ((first & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  if (first === 0x2001 && g[1] === 0x0db8) return true; // 2001:db8::/32 documentation
  if (first === 0x0100 && zeros(1, 4)) return true; // 100::/64 discard
  return false;
}

/**
 * Whether a webhook may be sent to `address` (an IP address as text).
 * @example isPublicAddress('93.184.215.14') // true
 * @example isPublicAddress('::ffff:127.0.0.1') // false
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return !v4Blocked(address);
  if (family === 6) return !v6Blocked(address);
  return false;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type AddressCheck = { ok: true; url: URL; address: ResolvedAddress } | { ok: false; reason: 'invalid' | 'private' | 'unresolved' };

/** A resolver (node:dns lookup with `all`; tests may pass another). */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;
export const dnsResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));

/**
 * Checks `url` for a webhook: its shape (https, or http when private addresses are allowed; no user
 * name or password) and every address its host resolves to. Answers the address to connect to.
 */
export async function checkWebhookAddress(url: string, allowPrivate: boolean, resolve: Resolve = dnsResolve): Promise<AddressCheck> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const httpOk = allowPrivate && parsed.protocol === 'http:';
  if ((parsed.protocol !== 'https:' && !httpOk) || parsed.username || parsed.password || !parsed.hostname) return { ok: false, reason: 'invalid' };
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) === 6 ? 6 : 4 }] : await resolve(host);
  } catch {
    return { ok: false, reason: 'unresolved' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'unresolved' };
  if (!allowPrivate && !addresses.every((entry) => isPublicAddress(entry.address))) return { ok: false, reason: 'private' };
  return { ok: true, url: parsed, address: addresses[0]! };
}

/** A `lookup` for http(s).request that answers the address already checked, whatever the name. */
export function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
}
