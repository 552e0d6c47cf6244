/**
 * Who a client is, from its address: an IPv4 address is one client; an IPv6 client is its /64,
 * because a single home or phone gets a whole /64 and may pick any address in it (privacy
 * extensions rotate them), so telling clients apart per address would give one person 2^64 of them.
 * An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) is the IPv4 address it carries. The rate limits
 * count per client, and an anonymous reporter reports an offer once per client.
 */
import ipaddr from 'ipaddr.js';

const IPV6_PREFIX_BITS = 64;

/** '1.2.3.4' or '2001:db8:1:2::/64'; anything that is not an address is returned unchanged. */
export function clientOfAddress(ip: string): string {
  const trimmed = ip.trim().replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(trimmed)) return ip;
  const addr = ipaddr.process(trimmed);
  if (addr.kind() === 'ipv4') return addr.toString();
  const keptParts = IPV6_PREFIX_BITS / 16;
  const parts = (addr as ipaddr.IPv6).parts.map((part, i) => (i < keptParts ? part : 0));
  return `${new ipaddr.IPv6(parts).toString()}/${IPV6_PREFIX_BITS}`;
}
