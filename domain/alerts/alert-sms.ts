/**
 * The SMS of a job alert: one GSM 03.38 segment (160 septets), in the alert's language, with the
 * best offer (the newest match: the matcher's first), its company and city, how many others
 * matched, the short address of the offer's page (/emplois/{id}, which redirects to its full
 * address; the frontend's when FRONTEND_URL is set) and "postuler est gratuit": job seekers are
 * often asked to pay for applications by fraudsters, and the SMS says it is free.
 * The title and company are shortened to fit; the address and the free-application words never are.
 */
import type { Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';
import { fitSeptets, septets, SINGLE_SEGMENT_SEPTETS, smsTexts, toGsm7 } from '../sms/index.ts';
import { offrePageUrl } from '../shared/index.ts';
import type { DigestOffre } from './alert-emails.ts';

export function alertSmsText(ctx: Ctx, langue: Langue, offres: DigestOffre[]): string {
  const t = smsTexts(langue);
  const best = offres[0];
  const others = offres.length - 1;
  const tail = toGsm7(
    `${others > 0 ? ` ${t.others(others)}.` : ''} ${offrePageUrl(ctx, best.id)} - ${t.free}`,
  );
  const where = best.villeNom ? `, ${best.villeNom}` : '';
  const room = SINGLE_SEGMENT_SEPTETS - septets(tail) - 1; // the '.' after the offer
  const entreprise = toGsm7(` - ${best.entrepriseNom}${where}`);
  const titre = toGsm7(best.titre.replace(/\s+/g, ' ').trim());
  // The title keeps at least half the room; the company and city take what is left.
  const titreRoom = Math.max(Math.floor(room / 2), room - septets(entreprise));
  const head = fitSeptets(titre, titreRoom);
  const rest = room - septets(head);
  const offer = rest >= 8 ? `${head}${fitSeptets(entreprise, rest)}` : head;
  return `${offer}.${tail}`;
}
