/**
 * Adds one person to a pool by email. The member is never linked to a candidate account here:
 * putting an email in a pool must not give its recruiters access to that candidate's data, nor
 * reveal whether the email has an account; only the candidate's own consent links them. The
 * unique (vivier, email) key decides a race: an email already in the pool is a 409
 * ALREADY_IN_POOL, never a second entry.
 */
import type { Ctx } from '../context.ts';
import { ConflictError, ValidationError } from '../errors.ts';
import { ownVivier } from './own-vivier.ts';
import { checkPoolMember, type PoolMemberInput } from './pool-member.ts';
import { VIVIER_CANDIDAT_COLUMNS, vivierCandidatView, type VivierCandidatView } from './vivier-view.ts';

const isDuplicateKey = (err: unknown) => (err as { code?: string } | null)?.code === 'ER_DUP_ENTRY';

export async function addVivierCandidat(
  ctx: Ctx,
  vivierId: number,
  input: PoolMemberInput,
): Promise<VivierCandidatView> {
  await ownVivier(ctx, vivierId);
  const checked = checkPoolMember(input);
  if ('error' in checked) throw new ValidationError('Invalid pool member', checked.error);
  const { member } = checked;
  const now = ctx.clock.now();
  let id: number;
  try {
    [id] = await ctx.db('vivierCandidats').insert({
      vivierId,
      candidatId: null,
      ...member,
      tags: JSON.stringify(member.tags),
      source: 'MANUAL',
      createdAt: now,
      updatedAt: now,
    });
  } catch (err) {
    if (isDuplicateKey(err))
      throw new ConflictError(
        'ALREADY_IN_POOL',
        'This email is already in the pool',
        `email: ${member.email}`,
      );
    throw err;
  }
  const row = await ctx
    .db('vivierCandidats')
    .where({ id })
    .first(...VIVIER_CANDIDAT_COLUMNS);
  return vivierCandidatView(row);
}
