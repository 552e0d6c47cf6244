/**
 * GET /admin/candidates/duplicates and `recrutement candidates duplicates`: groups of candidate
 * accounts that look like the same person. Two reasons: the same phone number (stored in E.164, so
 * every writing of one number is one key), or the same Gmail mailbox once the dots and the
 * `+tag` of the local part are removed (Gmail delivers `a.line+jobs@gmail.com` and
 * `aline@googlemail.com` to one inbox). Other addresses are already unique across accounts.
 * Groups come by reason then key; each lists its candidates oldest first.
 */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import { Candidat } from '../../models/candidat.ts';
import { pageOf, pageRequest, type Page, type ListInput } from '../shared/index.ts';
import type {
  CandidatDuplicateGroup,
  DuplicateCandidat as DuplicateCandidateShape,
} from '../shapes/index.ts';

/** The static types of the shapes in domain/shapes/admin.ts. */
export type DuplicateGroup = Static<typeof CandidatDuplicateGroup>;

export type DuplicateCandidat = Static<typeof DuplicateCandidateShape>;

export type DuplicateReason = DuplicateGroup['reason'];

const GMAIL_DOMAIN = "SUBSTRING_INDEX(a.email, '@', -1) IN ('gmail.com', 'googlemail.com')";
/** The mailbox of a Gmail address: local part without dots nor +tag, @gmail.com. */
const GMAIL_MAILBOX =
  "CONCAT(REPLACE(SUBSTRING_INDEX(SUBSTRING_INDEX(a.email, '@', 1), '+', 1), '.', ''), '@gmail.com')";

/** The same rule in code (tests, CLI), lower-cased input assumed. */
export function gmailMailbox(email: string): string | null {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1);
  if (at < 0 || (domain !== 'gmail.com' && domain !== 'googlemail.com')) return null;
  return `${email.slice(0, at).split('+')[0]!.replaceAll('.', '')}@gmail.com`;
}

/** Candidates joined to their account (`c`, `a`). */
const withAccount = (db: Knex) => Candidat.query(db).alias('c').joinRelated('account', { alias: 'a' });

/** Every candidate once per key it has (phone, Gmail mailbox): the rows the GROUP BY below counts. */
function keyedCandidats(db: Knex): Knex.QueryBuilder {
  const byPhone = withAccount(db)
    .whereNotNull('c.telephone')
    .where('c.telephone', '<>', '')
    .select(db.raw("'PHONE' as reason"), db.raw('c.telephone as dup_key'), 'c.id');
  const byEmail = withAccount(db)
    .whereRaw(GMAIL_DOMAIN)
    .select(db.raw("'EMAIL' as reason"), db.raw(`${GMAIL_MAILBOX} as dup_key`), 'c.id');
  return byPhone.toKnexQuery().unionAll(byEmail.toKnexQuery());
}

export async function listCandidatDuplicates(ctx: Ctx, input: ListInput): Promise<Page<DuplicateGroup>> {
  const req = pageRequest(input, {});
  const groups = () =>
    ctx.db
      .from(keyedCandidats(ctx.db).as('k'))
      .select('k.reason', 'k.dupKey')
      .groupBy('k.reason', 'k.dupKey')
      .havingRaw('COUNT(*) > 1');
  const countRow = (await ctx.db.from(groups().as('g')).count({ n: '*' }).first()) as { n: number | string };
  const total = Number(countRow.n);
  const page = (await groups()
    .orderBy('k.reason', 'desc')
    .orderBy('k.dupKey')
    .limit(req.size)
    .offset(req.page * req.size)) as { reason: DuplicateReason; dupKey: string }[];
  if (!page.length) return pageOf([], total, req);

  const phones = page.filter((g) => g.reason === 'PHONE').map((g) => g.dupKey);
  const mailboxes = page.filter((g) => g.reason === 'EMAIL').map((g) => g.dupKey);
  const rows = await withAccount(ctx.db)
    .where((w) => {
      if (phones.length) w.orWhereIn('c.telephone', phones);
      if (mailboxes.length)
        w.orWhere((g) => {
          g.whereRaw(GMAIL_DOMAIN).whereRaw(
            `${GMAIL_MAILBOX} IN (${mailboxes.map(() => '?').join(', ')})`,
            mailboxes,
          );
        });
    })
    .orderBy('a.createdAt')
    .orderBy('c.id')
    .select('c.id', 'c.nom', 'c.prenom', 'a.email', 'c.telephone', 'a.createdAt', 'a.lastLoginAt')
    .castTo<DuplicateCandidat[]>();
  const content = page.map((g) => ({
    key: g.dupKey,
    reason: g.reason,
    candidates: rows
      .filter((c) => (g.reason === 'PHONE' ? c.telephone === g.dupKey : gmailMailbox(c.email) === g.dupKey))
      .map((c) => ({
        id: c.id,
        nom: c.nom,
        prenom: c.prenom,
        email: c.email,
        telephone: c.telephone ?? null,
        createdAt: c.createdAt,
        lastLoginAt: c.lastLoginAt ?? null,
      })),
  }));
  return pageOf(content, total, req);
}
