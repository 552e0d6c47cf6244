/**
 * GET /admin/audit-logs (SUPER_ADMIN): every admin action, from the API or the CLI, newest first,
 * filtered by `action`, `targetType`, `targetId` and `actorId`.
 */
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import { pageOf, pageRequest, paginate, type Page, type ListInput } from '../shared/index.ts';
import { AuditLog } from '../../models/audit-log.ts';
import type { AuditLog as AuditLogShape } from '../shapes/index.ts';

export type AuditLogView = Static<typeof AuditLogShape>;

export const AUDIT_SORTS = { createdAt: 'createdAt', action: 'action', id: 'id' };

export async function listAuditLogs(
  ctx: Ctx,
  input: ListInput & { action?: string; targetType?: string; targetId?: string; actorId?: string },
): Promise<Page<AuditLogView>> {
  const req = pageRequest(input, AUDIT_SORTS, [{ column: 'createdAt', direction: 'desc' }]);
  const query = AuditLog.query(ctx.db).select(
    'id',
    'actorType',
    'actorId',
    'actorEmail',
    'action',
    'targetType',
    'targetId',
    'ip',
    'createdAt',
  );
  if (input.action) query.where({ action: input.action });
  if (input.targetType) query.where({ targetType: input.targetType });
  if (input.targetId) query.where({ targetId: input.targetId });
  if (input.actorId) query.where({ actorId: input.actorId });
  const { rows, total } = await paginate<AuditLogView>(query.toKnexQuery(), req, 'id');
  return pageOf(rows, total, req);
}
