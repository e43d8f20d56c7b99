import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a download may be redirected to: not loopback, private, link-local, unspecified or
 * shared (carrier-grade NAT) ones — the machine itself, its network and cloud metadata services —
 * unless the configured URL is itself on such an address (a mirror on the local network).
 */

/** A host name's addresses (IPv4 and IPv6); injectable so that tests need no DNS. */
export type ResolveHost = (host: string) => Promise<string[]>;

export const systemResolve: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

const local = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  local.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['fc00::', 7], // unique local
] as const)
  local.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is loopback, private, link-local, unspecified or shared; IPv4-mapped IPv6 as its IPv4. */
export function isLocalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) throw new Error(`not an IP address: ${address}`);
  // BlockList checks an IPv4-mapped IPv6 address (::ffff:127.0.0.1, ::ffff:7f00:1) against the IPv4 rules.
  return local.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL's host as an address or a name (`[::1]` → `::1`). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The local addresses a URL's host is or resolves to (empty when none is). An IP address is taken as
 * it is (the URL parser has already turned `2130706433` or `0x7f.1` into `127.0.0.1`); a name is
 * resolved with `resolve`, and counts as local when any of its addresses is.
 */
export async function localAddressesOf(url: URL, resolve: ResolveHost = systemResolve): Promise<string[]> {
  const host = hostOf(url);
  const addresses = isIP(host) ? [host] : await resolve(host);
  return addresses.filter(isLocalAddress);
}
