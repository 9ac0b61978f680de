// Which webhook URLs may be registered and reached. The real rules (DOCS webhooks quickstart §1,
// notes §2.3): https only, no explicit port, a public address. Local development needs http,
// loopback and ports, so the real rules apply only with --strict-webhooks; then every resolved
// address must be public, checked at registration and again at connect time (a DNS answer that
// changes to an internal address later is refused), so the service cannot be used to reach
// internal hosts.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
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
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** True for loopback, private, link-local, CGNAT, documentation, multicast and unspecified addresses. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, 'ipv6');
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

/** Resolves the host and refuses it unless every address is public. Returns a reason or null. */
export async function refusePrivateHost(url: URL): Promise<string | null> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
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
