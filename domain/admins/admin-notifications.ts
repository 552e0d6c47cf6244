/**
 * GET and PUT /admin/account/notifications: the emails an administrator takes beyond its account's
 * own. One so far, `moderationDigest` (moderation-digest.ts), on by default.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { Admin } from '../../models/admin.ts';

export interface AdminNotifications {
  moderationDigest: boolean;
}

async function load(ctx: Ctx, adminId: number): Promise<AdminNotifications> {
  const row = await Admin.query(ctx.db).findById(adminId).select('moderationDigest');
  if (!row) throw new NotFoundError('Administrator');
  return { moderationDigest: Boolean(row.moderationDigest) };
}

export function getAdminNotifications(ctx: Ctx, input: { adminId: number }): Promise<AdminNotifications> {
  return load(ctx, input.adminId);
}

export async function updateAdminNotifications(
  ctx: Ctx,
  input: { adminId: number } & Partial<AdminNotifications>,
): Promise<AdminNotifications> {
  return inTransaction(ctx, async (t) => {
    await load(t, input.adminId);
    if (input.moderationDigest !== undefined)
      await Admin.query(t.db).findById(input.adminId).patch({ moderationDigest: input.moderationDigest });
    await recordAudit(
      t,
      'admin.notifications_updated',
      { type: 'admin', id: input.adminId },
      { moderationDigest: input.moderationDigest },
    );
    return load(t, input.adminId);
  });
}
