/**
 * PUT /recruiters/me: the signed-in recruiter changes its own name, phone, position, the
 * language of its emails (kept on the account) or how it hears of new applications
 * (`notificationsCandidatures`). Only the fields sent change; any recruiter
 * status may do it, like reading the profile. The email address is not editable here.
 */
import type { Static } from 'typebox';
import { inTransaction, type Ctx } from '../context.ts';
import { ValidationError } from '../errors.ts';
import { phoneField } from '../shared/index.ts';
import { Account } from '../../models/account.ts';
import { Recruiter } from '../../models/recruiter.ts';
import type { RecruiterProfileUpdate } from '../shapes/index.ts';
import { getMyRecruiterProfile, loadRecruiterProfile, type RecruiterProfile } from './recruiter-profile.ts';

/** The static type of the RecruiterProfileUpdate shape (domain/shapes/recruiter.ts). */
export type RecruiterProfileInput = Static<typeof RecruiterProfileUpdate>;

export async function updateMyRecruiterProfile(
  ctx: Ctx,
  input: RecruiterProfileInput,
): Promise<RecruiterProfile> {
  const me = await getMyRecruiterProfile(ctx);
  const changes: Partial<
    Pick<Recruiter, 'nom' | 'prenom' | 'telephone' | 'posteOccupe' | 'notificationsCandidatures'>
  > = {};
  for (const field of ['nom', 'prenom'] as const) {
    const value = input[field];
    if (value === undefined) continue;
    if (!value.trim()) throw new ValidationError(`Invalid ${field}`, `body.${field}: must not be blank`);
    changes[field] = value.trim();
  }
  if (input.telephone !== undefined) changes.telephone = phoneField(input.telephone, 'body.telephone');
  if (input.posteOccupe !== undefined) changes.posteOccupe = input.posteOccupe?.trim() || null;
  if (input.notificationsCandidatures !== undefined)
    changes.notificationsCandidatures = input.notificationsCandidatures;
  return inTransaction(ctx, async (t) => {
    if (input.langue !== undefined) await Account.query(t.db).findById(me.id).patch({ langue: input.langue });
    await Recruiter.query(t.db)
      .findById(me.id)
      .patch({ ...changes, updatedAt: t.clock.now() });
    return (await loadRecruiterProfile(t.db, me.id))!;
  });
}
