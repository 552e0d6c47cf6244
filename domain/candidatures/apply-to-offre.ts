/**
 * POST /candidatures: a candidate applies to a PUBLISHED offer before its deadline (a date,
 * inclusive, Cameroon time), once. One transaction of at most 9 statements:
 * 1. UPDATE of the offer's counters (totalCandidatures, nouveaux), only while it is open: it takes
 *    the offer row's lock first, so concurrent applications to one offer queue on it instead of
 *    deadlocking on the shared locks their foreign-key checks take; no row matched: the reason is
 *    read and refused (404 unknown or draft, 409 closed or past its deadline);
 * 2. the offer and its company as the answer shows them (a company that is not ACTIVE: 404);
 * 3. the applicant (name, address, language, email choices, CV), share-locked (notify-candidature.ts);
 * 4. the INSERT, which decides "once per offer": the unique index (offre_id, candidat_id) refuses
 *    a second row, also when two requests race (409 ALREADY_APPLIED, the counters roll back); the
 *    application keeps its own reference to the profile's CV of the moment (application-cv.ts);
 * 5. the status-history row; 6. the `candidature.created` event
 *    ({candidatureId, offreId, candidatId, statut}); 7-9. the emails it causes, in the outbox, and
 *    the record of which recruiter was told (notify-candidature.ts).
 */
import { NOT_UNDER_MODERATION_SQL } from '../trust/index.ts';
import type { Ctx } from '../context.ts';
import { bilingual, ConflictError, NotFoundError } from '../errors.ts';
import { isDuplicateKeyError } from '../../lib/db-errors.ts';
import { recordEvent } from '../events/index.ts';
import { currentCandidatId } from '../candidats/index.ts';
import { inRetriedTransaction, localDate } from '../shared/index.ts';
import { Offre, type OffreStatus } from '../../models/offre.ts';
import { Candidature } from '../../models/candidature.ts';
import { CandidatureStatusHistory } from '../../models/candidature-status-history.ts';
import { toMyCandidature, type MyCandidature } from './candidature-view.ts';
import { applicantOf, notifyNewCandidature } from './notify-candidature.ts';
import { notificationSecret } from './notification-links.ts';

/** The offer and company fields of the answer, plus what the checks need. */
type AppliedOffre = Pick<
  MyCandidature,
  | 'offreId'
  | 'offreTitre'
  | 'offreStatus'
  | 'localisation'
  | 'contractType'
  | 'entrepriseId'
  | 'entrepriseNom'
> & { entrepriseStatus: string; logoFileId: number | null };

/** Statement 1: the counters move only on an open offer; the answer says whether one matched. */
async function countApplication(t: Ctx, offreId: number, today: string): Promise<boolean> {
  const [result] = (await t.db.raw(
    `UPDATE offres o SET o.total_candidatures = o.total_candidatures + 1, o.nouveaux = o.nouveaux + 1
     WHERE o.id = ? AND o.status = 'PUBLISHED' AND (o.deadline IS NULL OR o.deadline >= ?)
       AND ${NOT_UNDER_MODERATION_SQL}`,
    [offreId, today],
  )) as [{ affectedRows: number }];
  return result.affectedRows === 1;
}

/** Why an offer takes no application (read only when the UPDATE matched nothing). */
async function refusal(t: Ctx, offreId: number, today: string): Promise<Error> {
  const offre = await Offre.query(t.db)
    .alias('o')
    .joinRelated('entreprise', { alias: 'e' })
    .findById(offreId)
    .select('o.status', 'o.deadline', 'e.status as entrepriseStatus')
    .select(t.db.raw(`${NOT_UNDER_MODERATION_SQL} as visible`))
    .castTo<
      { status: OffreStatus; deadline: string | null; entrepriseStatus: string; visible: number } | undefined
    >();
  // An offer held or hidden by moderation is out of public view: as unknown as a draft.
  if (!offre || offre.status === 'DRAFT' || offre.entrepriseStatus !== 'ACTIVE' || !offre.visible)
    return new NotFoundError('Offre');
  // The code stays CONFLICT; the candidate reads why in their language, not the code's generic words.
  if (offre.deadline && offre.deadline < today)
    return new ConflictError(
      'CONFLICT',
      bilingual(
        'La date limite de cette offre est passée : elle ne reçoit plus de candidatures',
        'The deadline of this offer has passed: it takes no more applications',
      ),
      `deadline: ${offre.deadline}`,
    );
  return new ConflictError(
    'CONFLICT',
    bilingual('Cette offre ne reçoit plus de candidatures', 'This offer is closed to applications'),
    `offer is ${offre.status}`,
  );
}

/** Statement 2: what the answer shows of the offer and its company. */
async function appliedOffre(t: Ctx, offreId: number): Promise<AppliedOffre> {
  const row = await Offre.query(t.db)
    .alias('o')
    .joinRelated('entreprise', { alias: 'e' })
    .findById(offreId)
    .select(
      'o.id as offreId',
      'o.titre as offreTitre',
      'o.status as offreStatus',
      'o.localisation',
      'o.contractType',
      'e.id as entrepriseId',
      'e.nomEntreprise as entrepriseNom',
      'e.status as entrepriseStatus',
      'e.logoFileId',
    )
    .castTo<AppliedOffre>();
  // Field by field: a model instance also carries the Offre fields that were not selected.
  return {
    offreId: row.offreId,
    offreTitre: row.offreTitre,
    offreStatus: row.offreStatus,
    localisation: row.localisation,
    contractType: row.contractType,
    entrepriseId: row.entrepriseId,
    entrepriseNom: row.entrepriseNom,
    entrepriseStatus: row.entrepriseStatus,
    logoFileId: row.logoFileId,
  };
}

export async function applyToOffre(
  ctx: Ctx,
  input: { offreId: number; lettreMotivation?: string | null },
): Promise<MyCandidature> {
  const candidatId = currentCandidatId(ctx);
  const lettreMotivation = input.lettreMotivation?.trim() || null;
  const secret = await notificationSecret(ctx);
  return inRetriedTransaction(ctx, async (t) => {
    const now = t.clock.now();
    const today = localDate(now);
    if (!(await countApplication(t, input.offreId, today))) throw await refusal(t, input.offreId, today);
    const { entrepriseStatus, ...offre } = await appliedOffre(t, input.offreId);
    if (entrepriseStatus !== 'ACTIVE') throw new NotFoundError('Offre');
    const applicant = await applicantOf(t, candidatId);
    if (!applicant) throw new NotFoundError('Candidate profile');
    let id: number;
    try {
      ({ id } = await Candidature.query(t.db).insert({
        offreId: offre.offreId,
        candidatId,
        status: 'NEW',
        lettreMotivation,
        cvFileId: applicant.cvFileId,
        dateCandidature: now,
        lastActionDate: now,
        createdAt: now,
        updatedAt: now,
      }));
    } catch (err) {
      if (isDuplicateKeyError(err))
        throw new ConflictError(
          'ALREADY_APPLIED',
          bilingual('Vous avez déjà postulé à cette offre', 'You have already applied to this offer'),
        );
      throw err;
    }
    await CandidatureStatusHistory.query(t.db).insert({
      candidatureId: id,
      oldStatus: null,
      newStatus: 'NEW',
      changedByAccountId: candidatId,
      changedAt: now,
    });
    await recordEvent(
      t,
      'candidature.created',
      { candidatureId: id, offreId: offre.offreId, candidatId, statut: 'NEW' },
      { entrepriseId: offre.entrepriseId },
    );
    await notifyNewCandidature(t, secret, applicant, {
      candidatureId: id,
      offreId: offre.offreId,
      lettreMotivation,
      titre: offre.offreTitre,
      entrepriseNom: offre.entrepriseNom,
      entrepriseId: offre.entrepriseId,
    });
    return toMyCandidature(
      {
        id,
        status: 'NEW',
        dateCandidature: now,
        lastActionDate: now,
        lettreMotivation,
        ...offre,
        entrepriseLogoUrl: null,
      },
      t.config.publicUrl,
    );
  });
}
