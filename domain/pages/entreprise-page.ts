/**
 * A company's page for people (GET /entreprises/{id}-{slug}): the company as GET
 * /public/entreprises/{id} shows it, and one page of its open offers, newest first. 404 for a
 * company that is not publicly visible.
 */
import type { Ctx } from '../context.ts';
import { type EntrepriseView, getPublicEntreprise } from '../entreprises/index.ts';
import { listEntreprisePublicOffres } from '../offres/index.ts';
import { withPlaces, type FeedOffre } from '../reach/index.ts';
import type { Page } from '../shared/index.ts';

export const ENTREPRISE_PAGE_SIZE = 20;

export interface EntreprisePageShape {
  entreprise: EntrepriseView;
  offres: FeedOffre[];
  page: Page<unknown>['page'];
}

/** `pageIndex` counts from 0. */
export async function loadEntreprisePage(
  ctx: Ctx,
  entrepriseId: number,
  pageIndex: number,
): Promise<EntreprisePageShape> {
  const entreprise = await getPublicEntreprise(ctx, entrepriseId);
  const list = await listEntreprisePublicOffres(ctx, entrepriseId, {
    page: pageIndex,
    size: ENTREPRISE_PAGE_SIZE,
  });
  return { entreprise, offres: await withPlaces(ctx, list.content), page: list.page };
}
