/** GET /admin/account/profile: the signed-in administrator's profile. */
import type { Ctx } from '../context.ts';
import { loadAdminProfile, type AdminProfileView } from './admin-profile-view.ts';

export async function getAdminProfile(ctx: Ctx, input: { adminId: number }): Promise<AdminProfileView> {
  return loadAdminProfile(ctx.db, input.adminId);
}
