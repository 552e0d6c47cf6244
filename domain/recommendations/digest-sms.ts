/**
 * The SMS of a weekly digest, for a candidate whose confirmed mobile takes SMS. It is a job alert's
 * SMS (domain/alerts/alert-sms.ts: one GSM segment with the best offer, its company and city, how
 * many others, the offer's short address and "postuler est gratuit") of kind `alert`, so quiet
 * hours, the one-alert-SMS-a-day rule and the daily caps hold for it exactly as for alerts. Null
 * when there is no mobile or a cap holds it back: the email carries the offers anyway.
 */
import type { Ctx } from '../context.ts';
import { enqueueSms } from '../sms/index.ts';
import { alertSmsText, type DigestOffre } from '../alerts/index.ts';
import type { Ranked } from './engine.ts';
import type { OffreDoc } from './match.ts';
import type { DigestCandidat } from './digest-candidats.ts';

function asAlertOffre({ doc }: Ranked<OffreDoc>): DigestOffre {
  return {
    id: doc.id,
    titre: doc.titre,
    entrepriseNom: doc.entrepriseNom,
    villeNom: doc.villeNom,
    contractType: doc.contractType,
    salaireMin: doc.salaireMin,
    salaireMax: doc.salaireMax,
  };
}

export async function digestSms(
  ctx: Ctx,
  candidat: DigestCandidat,
  offres: Ranked<OffreDoc>[],
): Promise<number | null> {
  if (!candidat.smsPhone) return null;
  const outcome = await enqueueSms(ctx, {
    to: candidat.smsPhone,
    text: alertSmsText(ctx, candidat.langue, offres.map(asAlertOffre)),
    kind: 'alert',
    candidatId: candidat.id,
  });
  return outcome.queued ? outcome.id : null;
}
