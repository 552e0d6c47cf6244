/**
 * Client addresses for benches that run with rate limiting on, as production does: each request
 * names a client through `CF-Connecting-IP` (the bench's API runs with CLOUDFLARE=true and the
 * load generator is on loopback, a trusted proxy), taken in turn from 198.18.0.0/16, the range
 * RFC 2544 sets aside for benchmarks. 65,536 clients: at any bench rate here none reaches its
 * limit, so nothing is refused, but every request pays for its counting.
 */
let next = 0;

export function nextClientAddress(): string {
  next = (next + 1) % 65_536;
  return `198.18.${next >> 8}.${next & 255}`;
}

/** The API's settings that make it believe the bench's client addresses (and count them). */
export const RATE_LIMITED_ENV = { RATE_LIMIT_ENABLED: 'true', CLOUDFLARE: 'true' } as const;
