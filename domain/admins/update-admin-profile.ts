/** PUT /admin/account/profile {nom?, prenom?, telephone?, langue?}: only the fields given change. */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { InputError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { loadAdminProfile, type AdminProfileView } from './admin-profile-view.ts';
import { phoneField } from '../shared/index.ts';
import { Account, type Langue } from '../../models/account.ts';
import { Admin } from '../../models/admin.ts';

export async function updateAdminProfile(
  ctx: Ctx,
  input: { adminId: number; nom?: string; prenom?: string; telephone?: string | null; langue?: Langue },
): Promise<AdminProfileView> {
  const changes: Partial<Pick<Admin, 'nom' | 'prenom' | 'telephone'>> = {};
  for (const field of ['nom', 'prenom'] as const) {
    const value = input[field];
    if (value === undefined) continue;
    if (!value.trim())
      throw new InputError(`Invalid ${field}`, `body.${field}: must not be blank`, {
        field: `body.${field}`,
        code: 'blank',
      });
    changes[field] = value.trim();
  }
  if (input.telephone !== undefined) changes.telephone = phoneField(input.telephone, 'body.telephone');
  return inTransaction(ctx, async (t) => {
    await loadAdminProfile(t.db, input.adminId);
    // The language of the account's emails lives on the account row.
    if (input.langue !== undefined)
      await Account.query(t.db).findById(input.adminId).patch({ langue: input.langue });
    const fields = [...Object.keys(changes), ...(input.langue !== undefined ? ['langue'] : [])];
    if (fields.length)
      await Admin.query(t.db)
        .findById(input.adminId)
        .patch({ ...changes, updatedAt: t.clock.now() });
    await recordAudit(t, 'admin.profile_updated', { type: 'admin', id: input.adminId }, { fields });
    return loadAdminProfile(t.db, input.adminId);
  });
}
