/**
 * Records a domain event in the outbox (domain_events) with the caller's database handle, so it
 * commits or rolls back with the change that caused it. The job
 * runner turns outbox rows into webhook deliveries.
 */
import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { EVENT_TYPES, type EventType } from './event-types.ts';
import { signalOutboxWrite } from '../../lib/outbox-signal.ts';
import { DomainEvent } from '../../models/domain-event.ts';

export async function recordEvent(
  ctx: Ctx,
  type: EventType,
  data: Record<string, unknown>,
  opts: { entrepriseId?: number | null } = {},
): Promise<{ id: number; publicId: string }> {
  const publicId = `evt_${randomUUID().replace(/-/g, '')}`;
  const { id } = await DomainEvent.query(ctx.db).insert({
    publicId,
    type,
    scope: EVENT_TYPES[type].scope,
    entrepriseId: opts.entrepriseId ?? null,
    data,
    createdAt: ctx.clock.now(),
  });
  signalOutboxWrite(ctx.db, 'events');
  return { id, publicId };
}

/** Several events of one type in one multi-row insert (same transaction rules as recordEvent). */
export async function recordEvents(
  ctx: Ctx,
  type: EventType,
  datas: Record<string, unknown>[],
): Promise<void> {
  if (datas.length === 0) return;
  const now = ctx.clock.now();
  // eslint-disable-next-line no-restricted-syntax -- SQL: batch insert (Objection inserts arrays only on PostgreSQL)
  await ctx.db('domainEvents').insert(
    datas.map((data) => ({
      publicId: `evt_${randomUUID().replace(/-/g, '')}`,
      type,
      scope: EVENT_TYPES[type].scope,
      entrepriseId: null,
      data: JSON.stringify(data),
      createdAt: now,
    })),
  );
  signalOutboxWrite(ctx.db, 'events');
}
