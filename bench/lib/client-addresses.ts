/**
 * Client addresses for benches that run with rate limiting on, as production does: each request
 * names a client through `CF-Connecting-IP` (the bench's API runs with CLOUDFLARE=true and the
 * load generator is on loopback, a trusted proxy), taken in turn from 4,096 addresses of
 * 198.18.0.0/15, the range RFC 2544 sets aside for benchmarks. Like real traffic, many clients
 * each make several requests: a client's first request on an instance reads its shared counter,
 * the next ones are counted in memory. No bench here sends a client more than a few requests a
 * minute, so nothing is refused, but every request pays for its counting.
 */
export const CLIENTS = 4096;
let next = 0;

export function nextClientAddress(): string {
  next = (next + 1) % CLIENTS;
  return `198.18.${next >> 8}.${next & 255}`;
}

/** The API's settings that make it believe the bench's client addresses (and count them). */
export const RATE_LIMITED_ENV = { RATE_LIMIT_ENABLED: 'true', CLOUDFLARE: 'true' } as const;
