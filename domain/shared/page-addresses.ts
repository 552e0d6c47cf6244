/**
 * Where people open an offer or a company: the frontend's pages when FRONTEND_URL is set, else the
 * API's own HTML pages. Every link we publish (sitemaps, feeds, JSON-LD, emails, SMS) is built here.
 */
import type { Ctx } from '../context.ts';
import { slugify } from './text.ts';

/** The ASCII part of a page address after the id: the title, accents folded, at most 80 characters. */
export function pageSlug(text: string): string {
  return slugify(text).slice(0, 80).replace(/-+$/, '') || 'n-a';
}

/**
 * The offer's page for people: the frontend's when FRONTEND_URL is set, else the API's own HTML
 * page `/emplois/{id}-{slug}`. Without the title the address is `/emplois/{id}`, which answers a
 * 301 to the canonical one: pass the title wherever it is at hand (sitemaps, feeds, JSON-LD).
 */
export function offrePageUrl(ctx: Ctx, id: number, titre?: string): string {
  if (ctx.config.frontendUrl) return `${ctx.config.frontendUrl}/offres/${id}`;
  const tail = titre === undefined ? '' : `-${pageSlug(titre)}`;
  return `${ctx.config.publicUrl}/emplois/${id}${tail}`;
}

/** The company's page for people: the frontend's when FRONTEND_URL is set, else `/entreprises/{id}-{slug}`. */
export function entreprisePageUrl(ctx: Ctx, id: number, nom?: string): string {
  if (ctx.config.frontendUrl) return `${ctx.config.frontendUrl}/entreprises/${id}`;
  const tail = nom === undefined ? '' : `-${pageSlug(nom)}`;
  return `${ctx.config.publicUrl}/entreprises/${id}${tail}`;
}
