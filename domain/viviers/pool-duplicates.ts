/**
 * Who is already in a pool: a member is a duplicate when its email (trimmed, lower-cased) or its
 * phone number (E.164) is already held by a member of the same pool. Callers lock the pool row
 * first (`lockPool`), so two writers to one pool see each other's members and never both insert
 * the same person.
 */
import type { Ctx } from '../context.ts';
import type { PoolMember } from './pool-member.ts';
import { Vivier } from '../../models/vivier.ts';
import type { DuplicateReason } from '../../models/vivier-import-duplicate.ts';

export type { DuplicateReason };

export interface DuplicateMatch {
  reason: DuplicateReason;
  /** The member already in the pool, or null when the match is an earlier line of the same batch. */
  memberId: number | null;
}

/** Serialises every writer of the pool's members until the transaction ends. */
export async function lockPool(ctx: Ctx, vivierId: number): Promise<void> {
  await Vivier.query(ctx.db).findById(vivierId).forUpdate().select('id');
}

/**
 * Splits `members` (in file order) into those to insert and the duplicates, checking the pool's
 * members and the earlier members of the list.
 */
export async function sortOutDuplicates<T extends { member: PoolMember }>(
  ctx: Ctx,
  vivierId: number,
  members: T[],
): Promise<{ fresh: T[]; duplicates: (T & DuplicateMatch)[] }> {
  if (!members.length) return { fresh: [], duplicates: [] };
  const emails = [...new Set(members.map((m) => m.member.email))];
  const phones = [...new Set(members.map((m) => m.member.telephone).filter((p): p is string => p !== null))];
  const byEmail = new Map<string, number | null>();
  const byPhone = new Map<string, number | null>();
  // Both checks in one round trip; the earliest member holding a phone number is the match.
  // eslint-disable-next-line no-restricted-syntax -- SQL: UNION ALL of the email and phone matches in one round trip
  const matches = ctx
    .db('vivierCandidats')
    .where({ vivierId })
    .whereIn('email', emails.length ? emails : [''])
    .select('id', 'email', ctx.db.raw('NULL AS telephone'));
  if (phones.length)
    matches.unionAll((q) => {
      q.from('vivierCandidats')
        .where({ vivierId })
        .whereIn('telephone', phones)
        .select('id', ctx.db.raw('NULL AS email'), 'telephone');
    });
  const rows = (await matches) as { id: number; email: string | null; telephone: string | null }[];
  rows.sort((a, b) => a.id - b.id);
  for (const r of rows) {
    if (r.email !== null) byEmail.set(r.email.toLowerCase(), r.id);
    else if (r.telephone !== null && !byPhone.has(r.telephone)) byPhone.set(r.telephone, r.id);
  }
  const fresh: T[] = [];
  const duplicates: (T & DuplicateMatch)[] = [];
  for (const m of members) {
    const { email, telephone } = m.member;
    if (byEmail.has(email)) {
      duplicates.push({ ...m, reason: 'EMAIL', memberId: byEmail.get(email) ?? null });
      continue;
    }
    if (telephone && byPhone.has(telephone)) {
      duplicates.push({ ...m, reason: 'PHONE', memberId: byPhone.get(telephone) ?? null });
      continue;
    }
    fresh.push(m);
    byEmail.set(email, null);
    if (telephone) byPhone.set(telephone, null);
  }
  return { fresh, duplicates };
}
