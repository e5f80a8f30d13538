import dns from 'node:dns';
import net from 'node:net';
import { mappedIpv4 } from '../format/ip-address.ts';

/**
 * Webhook deliveries never reach the service's own network: loopback, private, link-local,
 * carrier-grade NAT, multicast and reserved addresses are refused, unless an operator allows
 * them (WEBHOOK_ALLOW_PRIVATE_URLS). The check runs on the address the connection actually
 * uses (a lookup hook), so a name that later resolves elsewhere (DNS rebinding) is caught too.
 *
 * IPv6 forms that carry or reach an IPv4 address are refused whole: IPv4-compatible (::/96),
 * IPv4-translated (::ffff:0:0:0/96, which `::ffff:0:7f00:1` spells), NAT64 (64:ff9b::/96,
 * 64:ff9b:1::/48), 6to4 (2002::/16) and Teredo (2001::/32) can all lead
 * back to 127.0.0.1 or 10.x through a translator; no webhook receiver needs them. An
 * IPv4-mapped address (::ffff:0:0/96) is the IPv4 address itself and is judged as such.
 */
const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:10::', 28],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, 'ipv4');
  const mapped = mappedIpv4(address);
  if (mapped !== null) return blocked.check(mapped, 'ipv4');
  return blocked.check(address, 'ipv6');
}

/** Names that only mean something inside a network: never a webhook receiver's. */
const INTERNAL_SUFFIXES = ['localhost', 'local', 'internal', 'localdomain', 'home.arpa'];

/**
 * Why a URL's host may not receive webhooks, or null when it may: a private address, a
 * loopback or special-use name (`localhost.` included: a trailing dot names the same host), or
 * a single-label name, which the resolver completes with the network's own search domains.
 */
export function refusedHost(hostname: string): string | null {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.+$/, '');
  if (net.isIP(host) !== 0)
    return isPrivateAddress(host) ? 'must not point to a private, loopback or link-local address' : null;
  if (host === '') return 'must name a host';
  if (INTERNAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`)))
    return 'must not name a local or internal host';
  if (!host.includes('.')) return 'must name a host by its full domain name (a single-label name is local)';
  return null;
}

export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
}

/** A dns.lookup that refuses private addresses: for http.request's `lookup` option. */
export const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses;
    const allowed = list.filter((a) => !isPrivateAddress(a.address));
    if (allowed.length === 0) {
      return callback(new BlockedAddressError(`${hostname} resolves to a private address`), '', 4);
    }
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};
