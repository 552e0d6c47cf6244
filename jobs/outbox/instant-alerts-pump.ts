/**
 * Instant job alerts: when an offer is published (`offre.published`, recorded in the domain_events
 * outbox by the publishing transaction), the alerts with frequency INSTANT are matched against the
 * new offers at once (percolation, domain/alerts/run-alert-matching.ts) and their emails and SMS
 * queued; the SMS and email pumps send them within the second. Woken by the in-process signal or
 * the high-water mark of the events outbox; the idle sweep (a minute) catches anything a signal
 * missed, so an instant alert leaves within a minute at worst. An offer still goes to an alert
 * once (job_alert_matches), whichever run finds it first.
 */
import type { Ctx } from '../../domain/context.ts';
import { runAlertMatching } from '../../domain/alerts/run-alert-matching.ts';
import { DomainEvent } from '../../models/domain-event.ts';
import { DrainLoop } from './drain-loop.ts';

export interface InstantAlertsPump {
  wake(): void;
  stop(): Promise<void>;
}

export function startInstantAlertsPump(ctx: Ctx, opts: { idleMs?: number } = {}): InstantAlertsPump {
  let seen = -1;
  let sweepDue = 0;
  const idleMs = opts.idleMs ?? 60_000;

  const step = async (): Promise<boolean> => {
    const last = await DomainEvent.query(ctx.db)
      .where({ type: 'offre.published' })
      .orderBy('id', 'desc')
      .first()
      .select('id');
    const mark = last?.id ?? 0;
    const now = Date.now();
    if (mark === seen && now < sweepDue) return false;
    seen = mark;
    sweepDue = now + idleMs;
    await runAlertMatching(ctx, { run: 'instant' });
    return false;
  };

  const loop = new DrainLoop(step, idleMs, (err) =>
    ctx.logger.error({ err }, 'instant alerts run failed'),
  ).start();
  return { wake: () => loop.wake(), stop: () => loop.stop() };
}
