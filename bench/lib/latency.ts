/** Concurrent request loops and their latency percentiles. */
import { performance } from 'node:perf_hooks';

export interface LoopFigures {
  /** Completed tasks per second, over the whole loop. */
  rps: number;
  /** Latency percentiles, in milliseconds. */
  p50: number;
  p99: number;
  /** Tasks run (failed ones included). */
  count: number;
  failed: number;
  /** What the failures were, when the load generator tells ("429 x120, errors 2"); empty when none. */
  failures?: string;
}

/** The `p` percentile (0 to 1) of latencies sorted in ascending order. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/**
 * Runs `task(0)` to `task(total - 1)` with `concurrency` workers, each starting the next task as
 * soon as its previous one ends, until `total` tasks ran or `seconds` elapsed. A failing task is
 * counted (its latency too) with `countFailures`, else its error ends the loop.
 */
export async function runConcurrently(
  task: (i: number) => Promise<void>,
  opts: { total: number; concurrency: number; seconds?: number; countFailures?: boolean },
): Promise<LoopFigures> {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const deadline = performance.now() + (opts.seconds ?? Infinity) * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (next < opts.total && performance.now() < deadline) {
        const i = next++;
        const t = performance.now();
        try {
          await task(i);
        } catch (err) {
          if (!opts.countFailures) throw err;
          failed += 1;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    count: latencies.length,
    failed,
  };
}
