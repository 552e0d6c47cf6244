/**
 * A load run with autocannon, the HTTP load generator the API benches share: every request names
 * another client (rate limiting is on, bench/lib/client-addresses.ts), and the run is bounded by a
 * number of requests or seconds, whichever comes first, after a short warm-up.
 *
 * Latencies are taken from autocannon's response events (fractions of a millisecond), not from
 * its histogram, which keeps whole milliseconds: with a p50 of 2 to 4 ms, the truncation moved
 * the ratio p99 / p50 by up to a third.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { nextClientAddress } from './client-addresses.ts';
import { percentile, type LoopFigures } from './latency.ts';

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
  const refused = new Map<number, number>();
  const run = (amount: number) =>
    new Promise<{ r: autocannon.Result; seconds: number; latencies: number[] }>((resolve, reject) => {
      const started = performance.now();
      let last = started;
      const latencies: number[] = [];
      const instance = autocannon(
        { url, connections: opts.connections, amount, timeout: 10, requests },
        (err, r) => (err ? reject(err) : resolve({ r, seconds: (last - started) / 1000, latencies })),
      );
      instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
        last = performance.now();
        latencies.push(ms);
        if (status < 200 || status > 299) refused.set(status, (refused.get(status) ?? 0) + 1);
      });
      const timer = setTimeout(() => instance.stop(), opts.seconds * 1000);
      instance.on('done', () => clearTimeout(timer));
    });
  if (opts.warmup !== false) await run(Math.min(300, opts.amount));
  refused.clear();
  const { r, seconds, latencies } = await run(opts.amount);
  latencies.sort((a, b) => a - b);
  return {
    rps: r.requests.total / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    count: r.requests.total,
    failed: r.non2xx + r.errors,
    failures: [
      ...[...refused].map(([status, n]) => `${status} x${n}`),
      ...(r.errors ? [`errors ${r.errors} (timeouts ${r.timeouts})`] : []),
    ].join(', '),
  };
}
