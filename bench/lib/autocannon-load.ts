/**
 * A load run with autocannon, the HTTP load generator the API benches share: every request names
 * another client (rate limiting is on, bench/lib/client-addresses.ts), and the run is bounded by a
 * number of requests or seconds, whichever comes first, after a short warm-up.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { nextClientAddress } from './client-addresses.ts';
import type { LoopFigures } from './latency.ts';

export interface LoadOptions {
  connections: number;
  /** Requests of the measured run. */
  amount: number;
  /** Seconds at most. */
  seconds: number;
  /** The requests each connection sends in turn (default: GET of the URL). */
  requests?: autocannon.Request[];
  /** Whether a run of min(300, amount) requests goes first (default true). */
  warmup?: boolean;
}

export async function autocannonLoad(url: string, opts: LoadOptions): Promise<LoopFigures> {
  const requests = (opts.requests ?? [{ method: 'GET' }]).map((r) => ({
    ...r,
    setupRequest: (req: autocannon.Request, context: object) => {
      const base = typeof r.setupRequest === 'function' ? r.setupRequest(req, context) : req;
      return { ...base, headers: { ...base.headers, 'cf-connecting-ip': nextClientAddress() } };
    },
  }));
  // autocannon ends a run on its one-second ticker: the time is taken from the first request
  // to the last answer instead.
  const run = (amount: number) =>
    new Promise<{ r: autocannon.Result; seconds: number }>((resolve, reject) => {
      const started = performance.now();
      let last = started;
      const instance = autocannon(
        { url, connections: opts.connections, amount, timeout: 10, requests },
        (err, r) => (err ? reject(err) : resolve({ r, seconds: (last - started) / 1000 })),
      );
      instance.on('response', () => {
        last = performance.now();
      });
      const timer = setTimeout(() => instance.stop(), opts.seconds * 1000);
      instance.on('done', () => clearTimeout(timer));
    });
  if (opts.warmup !== false) await run(Math.min(300, opts.amount));
  const { r, seconds } = await run(opts.amount);
  return {
    rps: r.requests.total / seconds,
    p50: r.latency.p50,
    p99: r.latency.p99,
    count: r.requests.total,
    failed: r.non2xx + r.errors,
  };
}
