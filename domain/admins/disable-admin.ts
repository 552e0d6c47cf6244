/**
 * POST /admin/admins/{id}/disable (SUPER_ADMIN): the administrator can no longer sign in and its
 * tokens die at once. Disabling oneself is refused (409 CANNOT_DISABLE_SELF), so a super admin
 * cannot lock the platform out by mistake.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { bilingual, ConflictError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { setAccountEnabled } from '../auth/index.ts';
import { loadAdminProfile, type AdminProfileView } from './admin-profile-view.ts';

export async function disableAdmin(ctx: Ctx, input: { adminId: number }): Promise<AdminProfileView> {
  if (ctx.actor.type === 'account' && ctx.actor.id === input.adminId) {
    throw new ConflictError(
      'CANNOT_DISABLE_SELF',
      bilingual('Vous ne pouvez pas désactiver votre propre compte', 'You cannot disable your own account'),
    );
  }
  return inTransaction(ctx, async (t) => {
    await loadAdminProfile(t.db, input.adminId);
    const { revokedTokens } = await setAccountEnabled(t, input.adminId, false);
    await recordAudit(t, 'admin.disabled', { type: 'admin', id: input.adminId }, { revokedTokens });
    return loadAdminProfile(t.db, input.adminId);
  });
}
