/**
 * A pump that keeps a fixed number of send slots busy: each step leases as many due rows as slots
 * are free and sends each on its own, so one slow message never holds a batch; a finished send
 * frees its slot and wakes the loop. What it sends (emails, SMS) is given by `claim` and `send`.
 * A send that throws is logged and left to its lease: the row comes due again, nothing is lost.
 * On stop, each send in flight sees its `signal` aborted: a short one (an email) ignores it and
 * finishes; a long one (an import) stops at its next safe point and hands its row back.
 */
import type { Logger } from '../../lib/logger.ts';
import { DrainLoop } from './drain-loop.ts';

export interface SlotPump {
  /** Looks for due rows now. */
  wake(): void;
  /** Stops claiming, aborts the sends' signal, then waits for the sends in flight. */
  stop(): Promise<void>;
}

export interface SlotPumpSpec<Row extends { id: number }> {
  /** What the pump sends, for its log lines ("email", "sms", "import"). */
  name: string;
  slots: number;
  /** The idle sweep (retries coming due, expired leases). */
  idleMs: number;
  logger: Logger;
  claim(limit: number): Promise<Row[]>;
  /** `signal` is aborted when the pump stops. */
  send(row: Row, signal: AbortSignal): Promise<unknown>;
}

export function startSlotPump<Row extends { id: number }>(spec: SlotPumpSpec<Row>): SlotPump {
  const sends = new Set<Promise<unknown>>();
  let inFlight = 0;
  const stopping = new AbortController();

  const step = async (): Promise<boolean> => {
    const rows = await spec.claim(spec.slots - inFlight);
    for (const row of rows) {
      inFlight += 1;
      const send = spec
        .send(row, stopping.signal)
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
      stopping.abort();
      await Promise.all([...sends]);
    },
  };
}
