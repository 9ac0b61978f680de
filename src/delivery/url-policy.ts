// Which webhook URLs may be registered and reached. The real rules (DOCS webhooks quickstart §1,
// notes §2.3): https only, no explicit port, a public address. Local development needs http,
// loopback and ports, so the real rules apply only with --strict-webhooks; then they are checked at
// registration and again before every send and check (a webhook registered before a restart with
// --strict-webhooks is held to them too), and every resolved address is checked at connect time (a
// DNS answer that changes to an internal address later is refused), so the service cannot be used
// to reach internal hosts.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

// IANA special-purpose registries (RFC 6890 and its updates) and RFC 6598 (CGNAT).
const internalV4 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internalV4.addSubnet(net, bits, 'ipv4');

// IPv6 ranges refused whatever follows the prefix. IPv4-mapped, IPv4-translated and 6to4 addresses
// are not here: they name an IPv4 host, which is judged by the IPv4 list (embeddedIpv4).
const internalV6 = new BlockList();
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible, deprecated (RFC 4291 §2.5.5.1): ::7f00:1 is ::127.0.0.1
  ['64:ff9b::', 96], // NAT64 well-known prefix (RFC 6052): reaches IPv4 through a gateway
  ['64:ff9b:1::', 48], // NAT64 local-use prefix (RFC 8215)
  ['100::', 64], // discard-only (RFC 6666)
  ['2001::', 32], // Teredo (RFC 4380): tunnels to an IPv4 host
  ['2001:2::', 48], // benchmarking (RFC 5180), like 198.18.0.0/15
  ['2001:db8::', 32], // documentation (RFC 3849)
  ['3fff::', 20], // documentation (RFC 9637)
  ['fc00::', 7], // unique local (RFC 4193)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local, deprecated (RFC 3879) but still routed inside some networks
  ['ff00::', 8], // multicast
] as const)
  internalV6.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted quad is two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, ''); // a zone id (fe80::1%eth0) names an interface, not an address
  const quad = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(2).map(Number) as [number, number, number, number];
    text = `${quad[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/**
 * The IPv4 host an IPv6 address stands for, or null: IPv4-mapped ::ffff:a.b.c.d (RFC 4291),
 * IPv4-translated ::ffff:0:a.b.c.d (RFC 2765) and 6to4 2002:aabb:ccdd::/48 (RFC 3056).
 */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return dotted(g[6]!, g[7]!);
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return dotted(g[6]!, g[7]!);
  if (g[0] === 0x2002) return dotted(g[1]!, g[2]!);
  return null;
}

/**
 * True for loopback, private, link-local, CGNAT, documentation, multicast and unspecified addresses,
 * and for IPv6 forms that embed or route to an internal IPv4 address. Anything not an IP is internal.
 */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return internalV4.check(address, 'ipv4');
  if (family !== 6) return true;
  if (internalV6.check(address.replace(/%.*$/, ''), 'ipv6')) return true;
  const v4 = embeddedIpv4(address);
  return v4 !== null && internalV4.check(v4, 'ipv4');
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** Format and scheme rules; `strict` adds https-only and no port. Address rules are in resolvePublic. */
export function checkUrlShape(raw: string, strict: boolean): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'the url is not a valid absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'the url must use https' };
  if (url.username || url.password) return { ok: false, reason: 'the url must not carry credentials' };
  if (url.hash) return { ok: false, reason: 'the url must not have a fragment' };
  if (!strict) return { ok: true, url };
  if (url.protocol !== 'https:') return { ok: false, reason: 'the url must use https' };
  // `new URL` drops a default port (:443), so look at the authority as written.
  if (/^https:\/\/[^/?#]*:\d*(?:[/?#]|$)/i.test(raw.replace(/\[[^\]]*\]/, 'h')))
    return { ok: false, reason: 'the url must not contain a port' };
  return { ok: true, url };
}

function lookupAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addrs) => (err ? reject(err) : resolve(addrs))),
  );
}

/** The host as an address or name: an IPv6 literal without its brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Resolves the host and refuses it unless every address is public. Returns a reason or null. */
export async function refusePrivateHost(url: URL): Promise<string | null> {
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookupAll(host)).map((a) => a.address);
  } catch {
    return `the host ${host} does not resolve`;
  }
  if (addresses.length === 0) return `the host ${host} does not resolve`;
  const internal = addresses.find(isInternalAddress);
  return internal ? `the host ${host} resolves to ${internal}, which is not a public address` : null;
}

/**
 * An internal IP-literal host, or null. Node calls no socket `lookup` for an IP literal, so
 * publicOnlyLookup never sees one: a literal is judged here, before the request is made.
 */
export function internalLiteral(url: URL): string | null {
  const host = hostOf(url);
  return isIP(host) && isInternalAddress(host) ? host : null;
}

/**
 * Strict mode, before every send and check of a stored URL: the registration rules again (https, no
 * port, not an internal IP literal), so a webhook registered without --strict-webhooks is held to
 * them after a restart with it. A host name is not resolved here: publicOnlyLookup checks each
 * address it connects to. Synchronous and cheap, as it runs on every delivery. Returns a reason or null.
 */
export function refuseBeforeSend(raw: string): string | null {
  const shape = checkUrlShape(raw, true);
  if (!shape.ok) return shape.reason;
  const literal = internalLiteral(shape.url);
  return literal ? `the host ${literal} is not a public address` : null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for outgoing sockets that refuses internal addresses (strict mode, connect time). */
export function publicOnlyLookup(host: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(host, { ...options, all: true }, (err, addrs) => {
    if (err) return callback(err, []);
    const list = addrs as LookupAddress[];
    const bad = list.find((a) => isInternalAddress(a.address));
    if (bad || list.length === 0) {
      const e: NodeJS.ErrnoException = new Error(`refusing to connect to internal address ${bad?.address ?? host}`);
      e.code = 'EADDRBLOCKED';
      return callback(e, []);
    }
    if (options.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}
