/**
 * Verified employers. A company's `verification` is computed, never typed in:
 *
 * - DOCUMENTS_CHECKED: an ACTIVE recruiter of the company was approved by an administrator
 *   (PENDING_APPROVAL -> ACTIVE in its status history), which is when its documents were read;
 * - DOMAIN_EMAIL: a recruiter confirmed, through a link, an address on the domain of the company's
 *   web site (siteWeb);
 * - an administrator's withdrawal (reason, audit, email) overrides both: WITHDRAWN until restored.
 *
 * loadVerifications answers for many companies in three queries (company views embed it everywhere);
 * verifiedEntrepriseSql is the same rule as SQL, for the search index's filter.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { AnyQueryBuilder } from 'objection';
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import { actorLabel, inTransaction } from '../context.ts';
import {
  bilingual,
  ConflictError,
  ForbiddenError,
  inputError,
  NotFoundError,
  TokenError,
  ValidationError,
} from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { emailLink, enqueueEmail } from '../mail/index.ts';
import type { Verification } from '../shapes/index.ts';
import { Account, type Langue } from '../../models/account.ts';
import { Entreprise } from '../../models/entreprise.ts';
import { Recruteur } from '../../models/recruteur.ts';
import {
  EntrepriseDomainVerification,
  EntrepriseVerificationWithdrawal,
} from '../../models/entreprise-verification.ts';
import { domainVerificationEmail, verificationWithdrawnEmail } from './trust-emails.ts';
import { emailOnDomain, isFreeMailDomain, siteDomain } from './entreprise-domain.ts';

export { siteDomain };

export type VerificationView = Static<typeof Verification>;
type Method = VerificationView['methods'][number];

export const UNVERIFIED: VerificationView = { status: 'UNVERIFIED', methods: [] };

export async function loadVerifications(
  db: Knex,
  entrepriseIds: number[],
): Promise<Map<number, VerificationView>> {
  const ids = [...new Set(entrepriseIds)];
  const out = new Map<number, VerificationView>();
  if (!ids.length) return out;
  const [approved, domains, withdrawn] = await Promise.all([
    Recruteur.query(db)
      .alias('r')
      .whereIn('r.entrepriseId', ids)
      .where('r.status', 'ACTIVE')
      .whereExists(
        Recruteur.relatedQuery('statusHistory')
          .alias('h')
          .where({ 'h.oldStatus': 'PENDING_APPROVAL', 'h.newStatus': 'ACTIVE' }),
      )
      .distinct('r.entrepriseId'),
    EntrepriseDomainVerification.query(db)
      .whereIn('entrepriseId', ids)
      .whereNotNull('verifiedAt')
      .distinct('entrepriseId', 'domain'),
    EntrepriseVerificationWithdrawal.query(db)
      .whereIn('entrepriseId', ids)
      .where('active', true)
      .select('entrepriseId'),
  ]);
  const methods = new Map<number, Method[]>();
  const add = (id: number, m: Method) => methods.set(id, [...(methods.get(id) ?? []), m]);
  for (const r of approved) add(Number(r.entrepriseId), 'DOCUMENTS_CHECKED');
  // A proof made on a free email provider's domain (before they were refused) proves nothing.
  const proven = new Set(
    domains.filter((d) => !isFreeMailDomain(d.domain)).map((d) => Number(d.entrepriseId)),
  );
  for (const id of proven) add(id, 'DOMAIN_EMAIL');
  const gone = new Set(withdrawn.map((w) => Number(w.entrepriseId)));
  for (const id of ids) {
    if (gone.has(id)) out.set(id, { status: 'WITHDRAWN', methods: [] });
    else {
      const m = methods.get(id) ?? [];
      out.set(id, m.length ? { status: 'VERIFIED', methods: m } : UNVERIFIED);
    }
  }
  return out;
}

/**
 * The same rule as SQL, true/false per row of a query on `entreprises` aliased `alias`: for the
 * search index, which reads offers joined to their company.
 */
export function verifiedEntrepriseSql(alias: string): string {
  return `(NOT EXISTS (SELECT 1 FROM company_verification_withdrawals w WHERE w.entreprise_id = ${alias}.id AND w.active = 1)
    AND (EXISTS (SELECT 1 FROM recruiters r JOIN recruiter_status_history h ON h.recruiter_id = r.id
                 WHERE r.entreprise_id = ${alias}.id AND r.status = 'ACTIVE'
                   AND h.old_status = 'PENDING_APPROVAL' AND h.new_status = 'ACTIVE')
      OR EXISTS (SELECT 1 FROM company_domain_verifications d WHERE d.entreprise_id = ${alias}.id AND d.verified_at IS NOT NULL)))`;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const DOMAIN_LINK_DAYS = 7;

async function activeRecruteurOf(ctx: Ctx): Promise<{ id: number; entrepriseId: number }> {
  if (ctx.actor.type !== 'account' || ctx.actor.role !== 'RECRUTEUR')
    throw new ForbiddenError(
      bilingual(
        'Seul un recruteur peut faire vérifier son entreprise',
        'Only a recruiter can verify its company',
      ),
    );
  const r = await Recruteur.query(ctx.db)
    .findById(ctx.actor.id)
    .where('status', 'ACTIVE')
    .select('id', 'entrepriseId');
  if (!r)
    throw new ForbiddenError(
      bilingual(
        'Seul un recruteur actif peut faire vérifier son entreprise',
        'Only an active recruiter can verify its company',
      ),
      'ACCOUNT_NOT_ACTIVE',
    );
  return r;
}

/**
 * POST /trust/domain-verification {email}: an ACTIVE recruiter asks for a link at an address on the
 * domain of its company's web site (the site's host or a sub-domain of it).
 */
export async function requestDomainVerification(
  ctx: Ctx,
  input: { email: string },
): Promise<{ email: string; domain: string; expiresAt: Date }> {
  const recruteur = await activeRecruteurOf(ctx);
  const entreprise = await Entreprise.query(ctx.db)
    .findById(recruteur.entrepriseId)
    .withGraphFetched('websites(first)')
    .modifiers({
      first: (q: AnyQueryBuilder) => {
        q.orderBy('id').limit(1);
      },
    });
  if (!entreprise) throw new NotFoundError('Entreprise');
  const site = entreprise.websites?.[0]?.url;
  const domain = site ? siteDomain(site) : null;
  if (!domain)
    throw new ValidationError(
      bilingual(
        'Renseignez d’abord le site web de l’entreprise : le badge prouve son domaine',
        'Set the company’s web site first: the badge proves its domain',
      ),
      'siteWeb',
    );
  if (isFreeMailDomain(domain))
    throw new ValidationError(
      bilingual(
        `Le site de l’entreprise est sur ${domain}, qui donne une adresse à tout le monde : le badge prouve un domaine qu’elle possède`,
        `The company’s site is on ${domain}, which gives an address to anyone: the badge proves a domain the company owns`,
      ),
      `siteWeb: ${domain}`,
    );
  const email = input.email.trim().toLowerCase();
  if (!emailOnDomain(email, domain))
    throw inputError('The address is not on the company’s domain', 'body.email', 'notOnDomain', { domain });
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + DOMAIN_LINK_DAYS * 86_400_000);
  const langue = (await Account.query(ctx.db).findById(recruteur.id).select('langue'))?.langue ?? 'fr';
  await inTransaction(ctx, async (t) => {
    await EntrepriseDomainVerification.query(t.db).insert({
      entrepriseId: recruteur.entrepriseId,
      recruiterId: recruteur.id,
      email,
      domain,
      tokenHash: sha256(token),
      expiresAt,
      createdAt: now,
    });
    await enqueueEmail(
      t,
      domainVerificationEmail({
        to: email,
        langue,
        nomEntreprise: entreprise.nomEntreprise,
        domain,
        url: emailLink(t, '/entreprise/verification-domaine', '/trust/domain-verification/confirm', token),
      }),
    );
  });
  return { email, domain, expiresAt };
}

/** GET|POST /trust/domain-verification/confirm?token=: the link of the email. */
export async function confirmDomainVerification(
  ctx: Ctx,
  token: string,
): Promise<{ entrepriseId: number; domain: string; verification: VerificationView }> {
  const row = await EntrepriseDomainVerification.query(ctx.db)
    .where({ tokenHash: sha256(token) })
    .first();
  if (!row || row.expiresAt < ctx.clock.now())
    throw new TokenError(
      'TOKEN_INVALID',
      bilingual('Lien invalide ou expiré : demandez-en un nouveau', 'Invalid or expired link'),
    );
  if (!row.verifiedAt)
    await EntrepriseDomainVerification.query(ctx.db).findById(row.id).patch({ verifiedAt: ctx.clock.now() });
  const verification =
    (await loadVerifications(ctx.db, [row.entrepriseId])).get(row.entrepriseId) ?? UNVERIFIED;
  return { entrepriseId: row.entrepriseId, domain: row.domain, verification };
}

async function ownersOf(
  ctx: Ctx,
  entrepriseId: number,
): Promise<{ email: string; langue: Langue; prenom: string }[]> {
  return (await Recruteur.query(ctx.db)
    .alias('r')
    .join('accounts as a', 'a.id', 'r.id')
    .where({ 'r.entrepriseId': entrepriseId, 'r.status': 'ACTIVE' })
    .select('r.prenom', 'a.email', 'a.langue')) as unknown as {
    email: string;
    langue: Langue;
    prenom: string;
  }[];
}

/** POST /admin/trust/companies/{id}/withdraw-verification {reason}: audited; the company's recruiters are emailed. */
export async function withdrawVerification(
  ctx: Ctx,
  entrepriseId: number,
  reason: string,
): Promise<{ entrepriseId: number; verification: VerificationView }> {
  if (!reason.trim()) throw inputError('A reason is required', 'body.reason', 'blank');
  return inTransaction(ctx, async (t) => {
    const entreprise = await Entreprise.query(t.db).findById(entrepriseId).select('id', 'nomEntreprise');
    if (!entreprise) throw new NotFoundError('Entreprise');
    const current = await EntrepriseVerificationWithdrawal.query(t.db).findById(entrepriseId).forUpdate();
    if (current?.active)
      throw new ConflictError(
        'INVALID_TRANSITION',
        bilingual(
          'La vérification de l’entreprise est déjà retirée',
          'The verification is already withdrawn',
        ),
      );
    const row = {
      active: true,
      reason: reason.trim(),
      withdrawnAt: t.clock.now(),
      withdrawnBy: actorLabel(t.actor).actorEmail ?? actorLabel(t.actor).actorId,
    };
    if (current) await EntrepriseVerificationWithdrawal.query(t.db).findById(entrepriseId).patch(row);
    else await EntrepriseVerificationWithdrawal.query(t.db).insert({ entrepriseId, ...row });
    await recordAudit(
      t,
      'company.verification.withdraw',
      { type: 'entreprise', id: entrepriseId },
      { reason: row.reason },
    );
    for (const o of await ownersOf(t, entrepriseId))
      await enqueueEmail(
        t,
        verificationWithdrawnEmail({
          to: o.email,
          langue: o.langue,
          prenom: o.prenom,
          nomEntreprise: entreprise.nomEntreprise,
          reason: row.reason,
        }),
      );
    return { entrepriseId, verification: (await loadVerifications(t.db, [entrepriseId])).get(entrepriseId)! };
  });
}

/** POST /admin/trust/companies/{id}/restore-verification: ends a withdrawal (audited). */
export async function restoreVerification(
  ctx: Ctx,
  entrepriseId: number,
): Promise<{ entrepriseId: number; verification: VerificationView }> {
  return inTransaction(ctx, async (t) => {
    const n = await EntrepriseVerificationWithdrawal.query(t.db)
      .findById(entrepriseId)
      .where('active', true)
      .patch({ active: false });
    if (n !== 1)
      throw new ConflictError(
        'INVALID_TRANSITION',
        bilingual('La vérification de l’entreprise n’est pas retirée', 'The verification is not withdrawn'),
      );
    await recordAudit(t, 'company.verification.restore', { type: 'entreprise', id: entrepriseId });
    return { entrepriseId, verification: (await loadVerifications(t.db, [entrepriseId])).get(entrepriseId)! };
  });
}
