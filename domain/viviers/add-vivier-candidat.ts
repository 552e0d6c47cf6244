/**
 * Adds one person to a pool by email, linked to the candidate account of that email when there
 * is one. The unique (vivier, email) key decides a race: an email already in the pool is a 409
 * ALREADY_IN_POOL, never a second entry.
 */
import type { Ctx } from '../context.ts';
import { ConflictError, ValidationError } from '../errors.ts';
import { ownVivier } from './own-vivier.ts';
import { candidateIdsByEmail, checkPoolMember, type PoolMemberInput } from './pool-member.ts';
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
  const candidatId = (await candidateIdsByEmail(ctx.db, [member.email])).get(member.email) ?? null;
  const now = ctx.clock.now();
  let id: number;
  try {
    [id] = await ctx.db('vivierCandidats').insert({
      vivierId,
      candidatId,
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
