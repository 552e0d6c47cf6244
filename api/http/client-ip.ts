/**
 * The client address (api-contract.md section 12). CF-Connecting-IP, then X-Forwarded-For, are
 * believed only when the socket peer is a trusted proxy; in X-Forwarded-For the client is the
 * right-most address that is not a trusted proxy, because left-most entries are written by the
 * client itself and could be forged to get someone else blocked.
 */
import ipaddr from 'ipaddr.js';

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

export function parseCidrs(list: string[]): Cidr[] {
  return list.map((entry) =>
    entry.includes('/')
      ? ipaddr.parseCIDR(entry)
      : ipaddr.parseCIDR(`${entry}/${entry.includes(':') ? 128 : 32}`),
  );
}

function normalize(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const trimmed = ip.trim().replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(trimmed)) return null;
  const parsed = ipaddr.parse(trimmed);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    return (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed;
}

export function inCidrs(ip: string, cidrs: Cidr[]): boolean {
  const addr = normalize(ip);
  if (!addr) return false;
  return cidrs.some(([range, bits]) => addr.kind() === range.kind() && addr.match(range, bits));
}

export function canonicalIp(ip: string): string {
  return normalize(ip)?.toString() ?? ip;
}

export function resolveClientIp(
  socketIp: string,
  headers: { cfConnectingIp?: string; forwardedFor?: string },
  trusted: Cidr[],
): string {
  const peer = canonicalIp(socketIp || '0.0.0.0');
  if (!inCidrs(peer, trusted)) return peer;
  const cf = headers.cfConnectingIp?.trim();
  if (cf && normalize(cf)) return canonicalIp(cf);
  const chain = (headers.forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => normalize(s));
  for (let i = chain.length - 1; i >= 0; i--) {
    if (!inCidrs(chain[i], trusted)) return canonicalIp(chain[i]);
  }
  return chain.length ? canonicalIp(chain[0]) : peer;
}
