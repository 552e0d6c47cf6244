/**
 * The client address. Forwarded headers are believed only when the socket peer is a trusted
 * proxy: CF-Connecting-IP first, and only when the deployment says it is behind Cloudflare
 * (CLOUDFLARE=true; any other proxy may pass a client's own CF-Connecting-IP through), then
 * X-Forwarded-For, where the client is the right-most address that is not a trusted proxy
 * (left-most entries are written by the client itself and could be forged to get someone else
 * blocked). A forwarded address that is loopback or a trusted proxy is ignored, so no header can
 * make a request look like it comes from an exempt address; with nothing usable, the peer is the client.
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

/** Can this forwarded address be the client? Not a loopback nor a trusted proxy (they would be exempt). */
function usableForwarded(ip: string, trusted: Cidr[]): boolean {
  const addr = normalize(ip);
  return addr !== null && addr.range() !== 'loopback' && !inCidrs(ip, trusted);
}

export function resolveClientIp(
  socketIp: string,
  headers: { cfConnectingIp?: string; forwardedFor?: string },
  trusted: Cidr[],
  opts: { cloudflare?: boolean } = {},
): string {
  const peer = canonicalIp(socketIp || '0.0.0.0');
  if (!inCidrs(peer, trusted)) return peer;
  const cf = headers.cfConnectingIp?.trim();
  if (opts.cloudflare && cf && usableForwarded(cf, trusted)) return canonicalIp(cf);
  const chain = (headers.forwardedFor ?? '').split(',').map((s) => s.trim());
  for (let i = chain.length - 1; i >= 0; i--) {
    if (usableForwarded(chain[i], trusted)) return canonicalIp(chain[i]);
  }
  return peer;
}
