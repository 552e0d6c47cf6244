/**
 * The cross-process half of how workers learn about new outbox rows (lib/outbox-signal.ts is the
 * in-process half): every `intervalMs` one cheap query reads the highest id of the event outbox
 * and of the email and SMS outboxes (the end of each primary key), and a topic whose mark moved is woken.
 * A row committed late under a lower id moves no mark; the pumps' idle sweep picks it up.
 */
import type { Knex } from 'knex';
import type { OutboxTopic } from '../../lib/outbox-signal.ts';

/** The outboxes watched here (queued imports are found by the import pump's sweep). */
export type MarkedTopic = Exclude<OutboxTopic, 'imports'>;

export interface HighWaterMarkWatch {
  stop(): Promise<void>;
}

export function watchHighWaterMarks(
  db: Knex,
  intervalMs: number,
  onMove: (topic: MarkedTopic) => void,
  onError: (err: unknown) => void,
): HighWaterMarkWatch {
  const marks: Record<MarkedTopic, number | null> = { events: null, emails: null, sms: null };
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const read = async () => {
    const [rows] = (await db.raw(
      'SELECT (SELECT MAX(id) FROM domain_events) AS events, (SELECT MAX(id) FROM outbound_emails) AS emails, (SELECT MAX(id) FROM sms_messages) AS sms',
    )) as unknown as [{ events: number | null; emails: number | null; sms: number | null }[]];
    for (const topic of ['events', 'emails', 'sms'] as const) {
      const mark = rows[0][topic] === null ? 0 : Number(rows[0][topic]);
      if (marks[topic] !== null && mark > marks[topic]) onMove(topic);
      marks[topic] = mark;
    }
  };
  const tick = () => {
    running = read()
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
