/** Audit log of admin actions, from the API or the CLI. */
import type { Ctx } from '../context.ts';
import { actorLabel } from '../context.ts';
import { AuditLog } from '../../models/audit-log.ts';

export async function recordAudit(
  ctx: Ctx,
  action: string,
  target: { type: string; id: number | string | null },
  details: Record<string, unknown> | null = null,
): Promise<void> {
  const who = actorLabel(ctx.actor);
  const ip = ctx.actor.type === 'system' ? 'cli' : (ctx.actor.ip ?? null);
  await AuditLog.query(ctx.db).insert({
    ...who,
    action,
    targetType: target.type,
    targetId: target.id === null ? null : String(target.id),
    ip: ctx.actor.type === 'system' && !ctx.actor.id.startsWith('cli:') ? ctx.actor.id : ip,
    details,
    createdAt: ctx.clock.now(),
  });
}
