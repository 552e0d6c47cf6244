/** POST /admin/admins/{id}/enable (SUPER_ADMIN): the administrator may sign in again. */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { recordAudit } from '../audit/index.ts';
import { setAccountEnabled } from '../auth/index.ts';
import { loadAdminProfile, type AdminProfileView } from './admin-profile-view.ts';

export async function enableAdmin(ctx: Ctx, input: { adminId: number }): Promise<AdminProfileView> {
  return inTransaction(ctx, async (t) => {
    await loadAdminProfile(t.db, input.adminId);
    await setAccountEnabled(t, input.adminId, true);
    await recordAudit(t, 'admin.enabled', { type: 'admin', id: input.adminId });
    return loadAdminProfile(t.db, input.adminId);
  });
}
