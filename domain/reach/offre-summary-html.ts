/**
 * The HTML an RSS item describes an offer with: its title, the facts a reader scans first
 * (company, whether it is a verified employer, city, contract, salary, deadline, remote work) with labels in the feed's language,
 * then the description the JSON-LD carries (offre-description-html.ts: the recruiter's text, the
 * department and experience, the skills). Every text is HTML-escaped.
 */
import type { Langue } from '../../models/account.ts';
import type { FeedOffre } from './feed-offres.ts';
import { escapeHtml, offreDescriptionHtml } from './offre-description-html.ts';
import { longDateOf, reachTexts, salaryText } from './offre-labels.ts';

function facts(item: FeedOffre, lang: Langue): string[] {
  const o = item.offre;
  const t = reachTexts(lang);
  const place = [item.ville ?? o.localisation, item.region].filter(Boolean).join(', ');
  const salary = salaryText(o.salaireMin, o.salaireMax, lang);
  return [
    o.entreprise ? t.label.company + o.entreprise.nomEntreprise : '',
    o.entreprise?.verification.status === 'VERIFIED' ? t.verifiedEmployer : '',
    place ? t.label.city + place : '',
    t.label.contract + t.contract[o.contractType],
    salary ? t.label.salary + salary : '',
    o.deadline ? t.label.deadline + longDateOf(o.deadline, lang) : '',
    o.remotePossible ? t.remote : '',
  ].filter(Boolean);
}

export function offreSummaryHtml(item: FeedOffre, lang: Langue): string {
  const list = facts(item, lang)
    .map((f) => `<li>${escapeHtml(f)}</li>`)
    .join('');
  return `<p><strong>${escapeHtml(item.offre.titre)}</strong></p><ul>${list}</ul>${offreDescriptionHtml(item.offre, lang)}`;
}
