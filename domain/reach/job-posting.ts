/**
 * The schema.org JobPosting of a public offer (JSON-LD), with Google for Jobs' required and
 * recommended properties. `description` is HTML built from the offer's texts, every text escaped,
 * with its labels in the language asked (French or English; the offer's own texts as typed).
 * The route serialises it with `jsonForScript`, so the answer can be inlined in a page as is.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import type { ContractType } from '../../models/offre.ts';
import type { Langue } from '../../models/account.ts';
import { withPlaces, type FeedOffre } from './feed-offres.ts';
import { offrePageUrl } from '../shared/index.ts';
import { readySearch } from '../search/index.ts';
import { loadOffreViews } from '../offres/index.ts';
import { localDate } from '../shared/index.ts';
import { offreDescriptionHtml } from './offre-description-html.ts';
import { reachTexts } from './offre-labels.ts';
import { pageInLanguage } from './page-languages.ts';

const EMPLOYMENT_TYPE: Record<ContractType, string> = {
  CDI: 'FULL_TIME',
  CDD: 'TEMPORARY',
  FREELANCE: 'CONTRACTOR',
  STAGE: 'INTERN',
};

/** Cameroon is UTC+1 all year (no daylight saving time): the end of a deadline day, with its offset. */
export function endOfDayDouala(date: string): string {
  return `${date}T23:59:59+01:00`;
}

export function jobPosting(ctx: Ctx, item: FeedOffre, lang: Langue = 'fr'): Record<string, unknown> {
  const o = item.offre;
  const entreprise = o.entreprise;
  const logo = entreprise?.logoUrl ? String(entreprise.logoUrl.url) : undefined;
  const posting: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: o.titre,
    description: offreDescriptionHtml(o, lang),
    datePosted: (o.publishedAt ?? o.createdAt).toISOString(),
    employmentType: EMPLOYMENT_TYPE[o.contractType],
    hiringOrganization: {
      '@type': 'Organization',
      name: entreprise?.nomEntreprise ?? '',
      ...(entreprise?.siteWeb ? { sameAs: entreprise.siteWeb.url } : {}),
      ...(logo ? { logo } : {}),
    },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(item.ville ? { addressLocality: item.ville } : {}),
        ...(item.region ? { addressRegion: item.region } : {}),
        addressCountry: 'CM',
      },
    },
    identifier: { '@type': 'PropertyValue', name: entreprise?.nomEntreprise ?? '', value: String(o.id) },
    directApply: true,
    url: pageInLanguage(ctx, offrePageUrl(ctx, o.id, o.titre), lang),
  };
  if (o.deadline) posting.validThrough = endOfDayDouala(o.deadline);
  if (o.remotePossible) {
    posting.jobLocationType = 'TELECOMMUTE';
    posting.applicantLocationRequirements = { '@type': 'Country', name: reachTexts(lang).country };
  }
  if (o.salaireMin !== null || o.salaireMax !== null) {
    posting.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: 'XAF',
      value: {
        '@type': 'QuantitativeValue',
        ...(o.salaireMin !== null ? { minValue: o.salaireMin } : {}),
        ...(o.salaireMax !== null ? { maxValue: o.salaireMax } : {}),
        unitText: 'MONTH',
      },
    };
  }
  return posting;
}

/** GET /public/offres/{id}/jobposting: 404 unless the offer is public and still open. */
export async function getJobPosting(
  ctx: Ctx,
  offreId: number,
  lang: Langue = 'fr',
): Promise<{ posting: Record<string, unknown>; lastModified: Date }> {
  const search = await readySearch(ctx);
  if (!search.index.has(offreId)) throw new NotFoundError('Offre');
  const [offre] = await loadOffreViews(ctx, [offreId]);
  if (!offre || (offre.deadline !== null && offre.deadline < localDate(ctx.clock.now())))
    throw new NotFoundError('Offre');
  const [item] = await withPlaces(ctx, [offre]);
  return { posting: jobPosting(ctx, item, lang), lastModified: offre.updatedAt };
}
