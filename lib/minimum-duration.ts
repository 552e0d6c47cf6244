/**
 * Runs `work` and answers no sooner than `floorMs` after it started (wall time, not the
 * application clock: what is hidden is how long the machine worked). Used where the time an
 * answer takes would otherwise tell a secret, e.g. whether an email address has an account.
 * Past the floor the answer is not delayed further, so the floor must sit above the slow path's
 * usual duration.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export async function withMinimumDuration<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
