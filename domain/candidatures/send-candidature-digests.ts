/**
 * The daily digest of new applications (job `candidatures:daily-digest`): each ACTIVE, enabled
 * recruiter who chose DAILY_DIGEST gets one email listing the applications to its company's
 * offers of the last LOOKBACK_DAYS it was never told about. Per recruiter, one transaction writes
 * the record of each application announced (the unique key of candidature_recruiter_emails: a
 * second run, or a run racing another worker, announces nothing twice) and the email.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { isDuplicateKeyError } from '../../lib/db-errors.ts';
import { enqueueEmails } from '../mail/index.ts';
import { Candidature } from '../../models/candidature.ts';
import { CandidatureRecruteurEmail } from '../../models/candidature-recruteur-email.ts';
import { Recruteur } from '../../models/recruteur.ts';
import { candidatureDigestEmail, type Addressee, type NewApplication } from './candidature-emails.ts';
import { notificationSecret } from './notification-links.ts';

/** Older applications are not worth a digest (a recruiter who just switched to it gets no backlog beyond this). */
export const DIGEST_LOOKBACK_DAYS = 7;
const DAY_MS = 86_400_000;

type DigestRecruteur = Addressee & { entrepriseId: number };

async function digestRecruteurs(ctx: Ctx): Promise<DigestRecruteur[]> {
  return Recruteur.query(ctx.db)
    .alias('r')
    .joinRelated('account', { alias: 'a' })
    .where({ 'r.status': 'ACTIVE', 'r.notificationsCandidatures': 'DAILY_DIGEST', 'a.enabled': true })
    .select('r.id', 'r.prenom', 'r.entrepriseId', 'a.email', 'a.langue')
    .castTo<DigestRecruteur[]>();
}

/** Applications to the company's offers since `since` that this recruiter was never told about. */
async function untoldApplications(t: Ctx, r: DigestRecruteur, since: Date): Promise<NewApplication[]> {
  return Candidature.query(t.db)
    .alias('c')
    .joinRelated('offre.entreprise')
    .leftJoinRelated('candidat', { alias: 'ca' })
    .leftJoin('accounts as ca_account', 'ca_account.id', 'ca.id')
    .where('offre.entrepriseId', r.entrepriseId)
    .where('c.createdAt', '>=', since)
    .whereNotExists(
      CandidatureRecruteurEmail.query(t.db)
        .whereColumn('candidatureRecruiterEmails.candidatureId', 'c.id')
        .where('candidatureRecruiterEmails.recruteurId', r.id),
    )
    .orderBy('c.id')
    .select(
      'c.id as candidatureId',
      'c.offreId',
      'offre.titre',
      'offre:entreprise.nomEntreprise as entrepriseNom',
      t.db.raw("CASE WHEN c.anonymized THEN NULL ELSE CONCAT(ca.prenom, ' ', ca.nom) END as candidatNom"),
      t.db.raw('CASE WHEN c.anonymized THEN NULL ELSE ca_account.email END as candidatEmail'),
      // A digest lines up names and addresses; it quotes no phone and no letter.
      t.db.raw('NULL as candidatTelephone'),
      t.db.raw('NULL as lettreMotivation'),
      t.db.raw('c.cv_file_id IS NOT NULL as hasCv'),
    )
    .castTo<NewApplication[]>();
}

async function digestOne(ctx: Ctx, secret: string, r: DigestRecruteur, since: Date): Promise<number> {
  try {
    return await inTransaction(ctx, async (t) => {
      const applications = await untoldApplications(t, r, since);
      if (!applications.length) return 0;
      const now = t.clock.now();
      // One multi-row INSERT: Objection inserts rows one by one on MySQL.
      await t.db(CandidatureRecruteurEmail.tableName).insert(
        applications.map((a) => ({
          candidatureId: a.candidatureId,
          recruteurId: r.id,
          mode: 'DAILY_DIGEST',
          createdAt: now,
        })),
      );
      await enqueueEmails(t, [candidatureDigestEmail(t, secret, r, applications)]);
      return applications.length;
    });
  } catch (err) {
    // Another run told this recruiter meanwhile: the next run picks up whatever is left.
    if (isDuplicateKeyError(err)) return 0;
    throw err;
  }
}

export async function sendCandidatureDigests(
  ctx: Ctx,
): Promise<{ recruiters: number; applications: number }> {
  const secret = await notificationSecret(ctx);
  const since = new Date(ctx.clock.now().getTime() - DIGEST_LOOKBACK_DAYS * DAY_MS);
  const report = { recruiters: 0, applications: 0 };
  for (const r of await digestRecruteurs(ctx)) {
    const n = await digestOne(ctx, secret, r, since);
    if (n) {
      report.recruiters += 1;
      report.applications += n;
    }
  }
  return report;
}
