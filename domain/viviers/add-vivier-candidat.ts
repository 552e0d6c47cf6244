/**
 * Adds one person to a pool by email. The member is never linked to a candidate account here:
 * putting an email in a pool must not give its recruiters access to that candidate's data, nor
 * reveal whether the email has an account; only the candidate's own consent links them. A person
 * whose email or phone number is already in the pool is a 409 ALREADY_IN_POOL, never a second
 * entry: the check runs with the pool row locked (imports lock it too), and the unique
 * (vivier, email) key still decides any other race.
 */
import { inTransaction, type Ctx } from '../context.ts';
import { bilingual, ConflictError, ValidationError } from '../errors.ts';
import { isDuplicateKeyError } from '../../lib/db-errors.ts';
import { ownVivier } from './own-vivier.ts';
import { checkPoolMember, type PoolMemberInput } from './pool-member.ts';
import { lineIssueMessage } from './line-issue-messages.ts';
import { lockPool, sortOutDuplicates } from './pool-duplicates.ts';
import { VIVIER_CANDIDAT_COLUMNS, vivierCandidatView, type VivierCandidatView } from './vivier-view.ts';
import { VivierCandidat } from '../../models/vivier-candidat.ts';

export async function addVivierCandidat(
  ctx: Ctx,
  vivierId: number,
  input: PoolMemberInput,
): Promise<VivierCandidatView> {
  await ownVivier(ctx, vivierId);
  const checked = checkPoolMember(input);
  // The issue's sentence in the caller's language; the details name the field.
  if ('error' in checked) {
    const issue = checked.error;
    throw new ValidationError(
      (lang) =>
        lang === 'fr'
          ? `Personne non ajoutée au vivier : ${lineIssueMessage(issue, 'fr')}`
          : `Pool member not added: ${lineIssueMessage(issue, 'en')}`,
      issue.column ? `body.${issue.column}` : '',
    );
  }
  const { member } = checked;
  const alreadyInPool = (field: string) =>
    new ConflictError(
      'ALREADY_IN_POOL',
      field === 'email'
        ? bilingual('Cette adresse email est déjà dans le vivier', 'This email is already in the pool')
        : bilingual(
            'Ce numéro de téléphone est déjà dans le vivier',
            'This phone number is already in the pool',
          ),
      field === 'email' ? `email: ${member.email}` : `telephone: ${member.telephone}`,
    );
  const id = await inTransaction(ctx, async (t) => {
    await lockPool(t, vivierId);
    const { duplicates } = await sortOutDuplicates(t, vivierId, [{ member }]);
    if (duplicates[0]) throw alreadyInPool(duplicates[0].reason === 'EMAIL' ? 'email' : 'telephone');
    const now = t.clock.now();
    try {
      const inserted = await VivierCandidat.query(t.db).insert({
        vivierId,
        candidatId: null,
        ...member,
        source: 'MANUAL',
        createdAt: now,
        updatedAt: now,
      });
      return inserted.id;
    } catch (err) {
      if (isDuplicateKeyError(err)) throw alreadyInPool('email');
      throw err;
    }
  });
  const row = await VivierCandidat.query(ctx.db)
    .findById(id)
    .select(...VIVIER_CANDIDAT_COLUMNS)
    .throwIfNotFound();
  return vivierCandidatView(row);
}
