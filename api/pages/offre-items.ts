/** An offer as a line of a list page (title linking to its page, company, city, contract, salary). */
import type { Ctx } from '../../domain/context.ts';
import { offrePageUrl } from '../../domain/shared/page-addresses.ts';
import type { FeedOffre } from '../../domain/reach/feed-offres.ts';
import { salaryRange } from './page-format.ts';
import { pageTexts, type PageLang } from './page-texts.ts';
import { inLang } from './page-lang.ts';

export interface OffreListItem {
  titre: string;
  url: string;
  entreprise: string;
  place: string | null;
  contract: string;
  salary: string | null;
}

export function offreListItem(ctx: Ctx, lang: PageLang, { offre, ville }: FeedOffre): OffreListItem {
  const page = new URL(offrePageUrl(ctx, offre.id, offre.titre));
  return {
    titre: offre.titre,
    url: inLang(page.pathname, lang),
    entreprise: offre.entreprise?.nomEntreprise ?? '',
    place: ville ?? offre.localisation,
    contract: pageTexts(lang).contract[offre.contractType],
    salary: salaryRange(lang, offre.salaireMin, offre.salaireMax),
  };
}

/** Previous and next links of a paged list (`number` counts from 1 for people). */
export interface Pager {
  number: number;
  total: number;
  previous: string | null;
  next: string | null;
}

export function pagerOf(
  page: { number: number; totalPages: number },
  linkTo: (pageNumber: number) => string,
): Pager {
  const number = page.number + 1;
  return {
    number,
    total: page.totalPages,
    previous: number > 1 ? linkTo(number - 1) : null,
    next: number < page.totalPages ? linkTo(number + 1) : null,
  };
}
