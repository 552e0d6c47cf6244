/**
 * The emails an application causes, written to the outbox in the caller's transaction:
 * - on a new application: "received" to the candidate (unless turned off), and "new application"
 *   to each ACTIVE recruiter of the company who chose IMMEDIATE. Each announced pair
 *   (application, recruiter) is recorded first in candidature_recruiter_emails, whose unique key
 *   keeps it to one email per application and recruiter, digest included;
 * - on a status change that matters to the candidate: its email (unless turned off).
 * The signing secret of the unsubscribe links is read by the caller before its transaction opens.
 */
import type { Ctx } from '../context.ts';
import { enqueueEmails } from '../mail/index.ts';
import { Candidat } from '../../models/candidat.ts';
import { Candidature } from '../../models/candidature.ts';
import { CandidatureRecruteurEmail } from '../../models/candidature-recruteur-email.ts';
import { Recruteur } from '../../models/recruteur.ts';
import type { Langue } from '../../models/account.ts';
import {
  candidatureReceivedEmail,
  candidatureStatusEmail,
  newCandidatureEmail,
  type Addressee,
  type AppliedTo,
  type NotifiedStatus,
} from './candidature-emails.ts';

/** The applicant as the application and its emails need it. */
export interface Applicant extends Addressee {
  nom: string;
  telephone: string | null;
  cvFileId: number | null;
  notifyCandidatureRecue: boolean;
  notifyStatutCandidature: boolean;
}

/**
 * The applicant, read with a shared lock: a concurrent CV upload (which locks the candidate row
 * FOR UPDATE) waits for the application, then sees it holding the old CV (application-cv.ts).
 */
export async function applicantOf(t: Ctx, candidatId: number): Promise<Applicant | null> {
  const row = await Candidat.query(t.db)
    .alias('ca')
    .joinRelated('account', { alias: 'a' })
    .findById(candidatId)
    .forShare()
    .select(
      'ca.id',
      'ca.nom',
      'ca.prenom',
      'ca.telephone',
      'ca.cvFileId',
      'ca.notifyCandidatureRecue',
      'ca.notifyStatutCandidature',
      'a.email',
      'a.langue',
    )
    .castTo<
      | (Omit<Applicant, 'notifyCandidatureRecue' | 'notifyStatutCandidature'> & Record<string, unknown>)
      | undefined
    >();
  if (!row) return null;
  return {
    id: row.id,
    nom: row.nom,
    prenom: row.prenom,
    telephone: row.telephone,
    email: row.email,
    langue: row.langue,
    cvFileId: row.cvFileId,
    notifyCandidatureRecue: Boolean(row.notifyCandidatureRecue),
    notifyStatutCandidature: Boolean(row.notifyStatutCandidature),
  };
}

/** ACTIVE recruiters of the company, enabled, who hear of each application at once. */
async function immediateRecruteurs(t: Ctx, entrepriseId: number): Promise<Addressee[]> {
  return Recruteur.query(t.db)
    .alias('r')
    .joinRelated('account', { alias: 'a' })
    .where({
      'r.entrepriseId': entrepriseId,
      'r.status': 'ACTIVE',
      'r.notificationsCandidatures': 'IMMEDIATE',
      'a.enabled': true,
    })
    .select('r.id', 'r.prenom', 'a.email', 'a.langue')
    .castTo<Addressee[]>();
}

export async function notifyNewCandidature(
  t: Ctx,
  secret: string,
  applicant: Applicant,
  applied: AppliedTo & { entrepriseId: number; lettreMotivation: string | null },
): Promise<void> {
  const recruteurs = await immediateRecruteurs(t, applied.entrepriseId);
  const now = t.clock.now();
  if (recruteurs.length) {
    // One multi-row INSERT: Objection inserts rows one by one on MySQL.
    await t.db(CandidatureRecruteurEmail.tableName).insert(
      recruteurs.map((r) => ({
        candidatureId: applied.candidatureId,
        recruteurId: r.id,
        mode: 'IMMEDIATE',
        createdAt: now,
      })),
    );
  }
  const candidatNom = `${applicant.prenom ?? ''} ${applicant.nom}`.trim();
  const news = {
    ...applied,
    candidatNom,
    candidatEmail: applicant.email,
    candidatTelephone: applicant.telephone,
    hasCv: applicant.cvFileId !== null,
  };
  await enqueueEmails(t, [
    ...(applicant.notifyCandidatureRecue ? [candidatureReceivedEmail(t, secret, applicant, applied)] : []),
    ...recruteurs.map((r) => newCandidatureEmail(t, secret, r, news)),
  ]);
}

/** The candidate and offer of an application, for its status email; null once anonymised. */
async function statusEmailData(
  t: Ctx,
  candidatureId: number,
): Promise<(Addressee & AppliedTo & { notify: boolean }) | null> {
  const row = await Candidature.query(t.db)
    .alias('c')
    .joinRelated('[offre.entreprise, candidat.account]')
    .findById(candidatureId)
    .whereNotNull('c.candidatId')
    .select(
      'c.candidatId as id',
      'candidat.prenom',
      'candidat.notifyStatutCandidature as notify',
      'candidat:account.email',
      'candidat:account.langue',
      'c.id as candidatureId',
      'c.offreId',
      'offre.titre',
      'offre:entreprise.nomEntreprise as entrepriseNom',
    )
    .castTo<
      | {
          id: number;
          prenom: string;
          notify: unknown;
          email: string;
          langue: Langue;
          candidatureId: number;
          offreId: number;
          titre: string;
          entrepriseNom: string;
        }
      | undefined
    >();
  return row ? { ...row, notify: Boolean(row.notify) } : null;
}

export async function notifyStatusChange(
  t: Ctx,
  secret: string,
  candidatureId: number,
  status: NotifiedStatus,
): Promise<void> {
  const data = await statusEmailData(t, candidatureId);
  if (!data?.notify) return;
  await enqueueEmails(t, [candidatureStatusEmail(t, secret, data, data, status)]);
}
