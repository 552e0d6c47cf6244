/**
 * A pump that keeps a fixed number of send slots busy: each step leases as many due rows as slots
 * are free and sends each on its own, so one slow message never holds a batch; a finished send
 * frees its slot and wakes the loop. What it sends (emails, SMS) is given by `claim` and `send`.
 * A send that throws is logged and left to its lease: the row comes due again, nothing is lost.
 */
import type { Logger } from '../../lib/logger.ts';
import { DrainLoop } from './drain-loop.ts';

export interface SlotPump {
  /** Looks for due rows now. */
  wake(): void;
  /** Stops claiming, then waits for the sends in flight. */
  stop(): Promise<void>;
}

export interface SlotPumpSpec<Row extends { id: number }> {
  /** What the pump sends, for its log lines ("email", "sms"). */
  name: string;
  slots: number;
  /** The idle sweep (retries coming due, expired leases). */
  idleMs: number;
  logger: Logger;
  claim(limit: number): Promise<Row[]>;
  send(row: Row): Promise<unknown>;
}

export function startSlotPump<Row extends { id: number }>(spec: SlotPumpSpec<Row>): SlotPump {
  const sends = new Set<Promise<unknown>>();
  let inFlight = 0;

  const step = async (): Promise<boolean> => {
    const rows = await spec.claim(spec.slots - inFlight);
    for (const row of rows) {
      inFlight += 1;
      const send = spec
        .send(row)
        .catch((err: unknown) =>
          spec.logger.error({ err, [`${spec.name}Id`]: row.id }, `${spec.name} send failed unexpectedly`),
        )
        .finally(() => {
          inFlight -= 1;
          sends.delete(send);
          loop.wake();
        });
      sends.add(send);
    }
    return false;
  };

  const loop = new DrainLoop(step, spec.idleMs, (err) =>
    spec.logger.error({ err }, `${spec.name} pump step failed`),
  ).start();

  return {
    wake: () => loop.wake(),
    async stop() {
      await loop.stop();
      await Promise.all([...sends]);
    },
  };
}
