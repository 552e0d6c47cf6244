/**
 * A company's page for people (GET /entreprises/{id}-{slug}): the company as GET
 * /public/entreprises/{id} shows it, and one page of its open offers, newest first. 404 for a
 * company that is not publicly visible.
 */
import type { Ctx } from '../context.ts';
import { type CompanyView, getPublicCompany } from '../companies/index.ts';
import { listCompanyPublicOffres } from '../offres/index.ts';
import { withPlaces, type FeedOffre } from '../reach/index.ts';
import type { Page } from '../shared/index.ts';

export const COMPANY_PAGE_SIZE = 20;

export interface CompanyPage {
  company: CompanyView;
  offres: FeedOffre[];
  page: Page<unknown>['page'];
}

/** `pageIndex` counts from 0. */
export async function loadCompanyPage(ctx: Ctx, companyId: number, pageIndex: number): Promise<CompanyPage> {
  const company = await getPublicCompany(ctx, companyId);
  const list = await listCompanyPublicOffres(ctx, companyId, { page: pageIndex, size: COMPANY_PAGE_SIZE });
  return { company, offres: await withPlaces(ctx, list.content), page: list.page };
}
