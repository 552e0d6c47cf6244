/**
 * PUT /recruiters/me: the signed-in recruiter changes its own name, phone, position, the
 * language of its emails (kept on the account) or how it hears of new applications
 * (`notificationsCandidatures`). Only the fields sent change; any recruiter
 * status may do it, like reading the profile. The email address is not editable here.
 */
import type { Static } from 'typebox';
import { inTransaction, type Ctx } from '../context.ts';
import { InputError } from '../errors.ts';
import { phoneField } from '../shared/index.ts';
import { Account } from '../../models/account.ts';
import { Recruteur } from '../../models/recruteur.ts';
import type { RecruteurProfileUpdate } from '../shapes/index.ts';
import { getMyRecruteurProfile, loadRecruteurProfile, type RecruteurProfile } from './recruteur-profile.ts';

/** The static type of the RecruteurProfileUpdate shape (domain/shapes/recruteur.ts). */
export type RecruteurProfileInput = Static<typeof RecruteurProfileUpdate>;

export async function updateMyRecruteurProfile(
  ctx: Ctx,
  input: RecruteurProfileInput,
): Promise<RecruteurProfile> {
  const me = await getMyRecruteurProfile(ctx);
  const changes: Partial<
    Pick<Recruteur, 'nom' | 'prenom' | 'telephone' | 'posteOccupe' | 'notificationsCandidatures'>
  > = {};
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
  if (input.posteOccupe !== undefined) changes.posteOccupe = input.posteOccupe?.trim() || null;
  if (input.notificationsCandidatures !== undefined)
    changes.notificationsCandidatures = input.notificationsCandidatures;
  return inTransaction(ctx, async (t) => {
    if (input.langue !== undefined) await Account.query(t.db).findById(me.id).patch({ langue: input.langue });
    await Recruteur.query(t.db)
      .findById(me.id)
      .patch({ ...changes, updatedAt: t.clock.now() });
    return (await loadRecruteurProfile(t.db, me.id))!;
  });
}
