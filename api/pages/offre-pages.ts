/**
 * GET /emplois/{id}-{slug} (an offer), GET /emplois/{id}/share.png (its share image) and GET
 * /emplois (the newest offers, searchable). The address of an offer is its id and the slug of its
 * title: `/emplois/{id}` or a wrong slug answers 301 to the right address (the `lang` kept), so a
 * renamed offer keeps its old links and crawlers see one address per offer.
 */
import type Koa from 'koa';
import etag from 'etag';
import type { AppDeps } from '../deps.ts';
import { loadOffrePage } from '../../domain/pages/offre-page.ts';
import {
  isContractType,
  loadOffreListPage,
  type OffreListFilters,
} from '../../domain/pages/offre-list-page.ts';
import { offrePageUrl } from '../../domain/shared/page-addresses.ts';
import { pageAlternates } from '../../domain/reach/page-languages.ts';
import { clientHasCurrent } from '../http/cacheable-answer.ts';
import { offrePageHtml } from './offre-page-view.ts';
import { offreListItem, pagerOf } from './offre-items.ts';
import { inLang, pageLang } from './page-lang.ts';
import { OG_LOCALE, readerCtx } from './page-context.ts';
import { pageTexts } from './page-texts.ts';
import { renderPage } from './render.ts';
import { sendPublicPage } from './send-page.ts';
import { shareImagePng } from './share-image.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { ShareImageCache } from './share-image-cache.ts';

/** `12-developpeur-backend` -> 12 and the slug; null when it does not start with an id. */
export function parsePageRef(ref: string): { id: number; slug: string | null } | null {
  const match = /^([1-9][0-9]{0,15})(?:-(.*))?$/.exec(ref);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? { id, slug: match[2] ?? null } : null;
}

/** 301 to `canonical` (an absolute address) unless the request is already there. */
export function redirectedToCanonical(
  koa: Koa.Context,
  canonicalPath: string,
  lang: string | undefined,
): boolean {
  if (koa.path === canonicalPath) return false;
  koa.status = 301;
  koa.set('Cache-Control', 'public, max-age=3600');
  koa.redirect(lang === 'en' || lang === 'fr' ? `${canonicalPath}?lang=${lang}` : canonicalPath);
  return true;
}

export async function offrePage(koa: Koa.Context, deps: AppDeps): Promise<void> {
  const ref = parsePageRef(koa.params.ref ?? '');
  if (!ref) throw new NotFoundError('Offre');
  const ctx = readerCtx(koa, deps);
  const page = await loadOffrePage(ctx, ref.id);
  const canonical = new URL(offrePageUrl(ctx, ref.id, page.item.offre.titre)).pathname;
  if (redirectedToCanonical(koa, canonical, koa.query.lang as string | undefined)) return;
  const lang = pageLang(koa);
  sendPublicPage(koa, offrePageHtml(ctx, lang, page), { lang, lastModified: page.item.offre.updatedAt });
}

const shareImages = new ShareImageCache(200);

/** The share image: 404 for an offer that has no page; long-cached, since its address changes with the offer. */
export async function offreShareImage(koa: Koa.Context, deps: AppDeps): Promise<void> {
  const id = parsePageRef(koa.params.id ?? '');
  if (!id || id.slug !== null) throw new NotFoundError('Offre');
  const ctx = readerCtx(koa, deps);
  const { item } = await loadOffrePage(ctx, id.id);
  const o = item.offre;
  const tag = etag(`share-${o.id}-${o.updatedAt.getTime()}`, { weak: false });
  koa.set('ETag', tag);
  koa.set('Cache-Control', 'public, max-age=86400');
  if (clientHasCurrent(koa, tag)) {
    koa.status = 304;
    return;
  }
  const t = pageTexts('fr');
  const png = await shareImages.get(tag, () =>
    shareImagePng({
      site: t.site,
      titre: o.titre,
      entreprise: o.entreprise?.nomEntreprise ?? '',
      details: [item.ville ?? o.localisation, t.contract[o.contractType]].filter(Boolean).join(' - '),
    }),
  );
  koa.type = 'image/png';
  koa.body = png;
}

function listFilters(query: Koa.Context['query']): OffreListFilters {
  const text = (v: unknown) =>
    typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 200) : undefined;
  const contrat = text(query.contrat);
  return {
    q: text(query.q),
    ville: text(query.ville)?.slice(0, 120),
    contrat: contrat && isContractType(contrat) ? contrat : undefined,
    teletravail: query.teletravail === '1' || undefined,
  };
}

/** The list's address with these filters, this page number (from 1) and language. */
function listPath(filters: OffreListFilters, pageNumber: number, lang: 'fr' | 'en'): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.ville) params.set('ville', filters.ville);
  if (filters.contrat) params.set('contrat', filters.contrat);
  if (filters.teletravail) params.set('teletravail', '1');
  if (pageNumber > 1) params.set('page', String(pageNumber));
  const query = params.toString();
  return inLang(query ? `/emplois?${query}` : '/emplois', lang);
}

/** The page number people see (1, 2, ...); anything else is the first page. */
function pageNumberOf(raw: unknown): number {
  const n = typeof raw === 'string' && /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : 1;
  return n;
}

export async function offreListPage(koa: Koa.Context, deps: AppDeps): Promise<void> {
  const ctx = readerCtx(koa, deps);
  const lang = pageLang(koa);
  const t = pageTexts(lang);
  const filters = listFilters(koa.query);
  const pageNumber = pageNumberOf(koa.query.page);
  const list = await loadOffreListPage(ctx, filters, pageNumber - 1);
  const frenchUrl = `${deps.config.publicUrl}${listPath(filters, pageNumber, 'fr')}`;
  const url = `${deps.config.publicUrl}${listPath(filters, pageNumber, lang)}`;
  const filtered = Boolean(filters.q || filters.ville || filters.contrat || filters.teletravail);
  const html = renderPage(
    'offre-list',
    {
      lang,
      title: pageNumber > 1 ? `${t.listTitle} – ${t.pageOf(pageNumber, list.page.totalPages)}` : t.listTitle,
      description: t.listDescription,
      canonical: url,
      alternates: pageAlternates(ctx, frenchUrl),
      // Result pages of a search are for people; crawlers get the plain list (and the sitemaps).
      noindex: filtered,
      og: {
        siteName: t.site,
        type: 'website',
        title: t.listTitle,
        description: t.listDescription,
        url,
        locale: OG_LOCALE[lang],
      },
      otherLanguageUrl: listPath(filters, pageNumber, lang === 'fr' ? 'en' : 'fr'),
    },
    {
      form: {
        q: filters.q ?? '',
        ville: filters.ville ?? '',
        contrat: filters.contrat ?? '',
        teletravail: filters.teletravail,
      },
      cities: list.cities,
      total: list.page.totalElements,
      // A site's first days: nothing was searched, there is simply no offer yet.
      emptyText: filtered || list.page.totalElements > 0 ? t.noResults : t.noOffresYet,
      items: list.offres.map((item) => offreListItem(ctx, lang, item)),
      pager: pagerOf(list.page, (n) => listPath(filters, n, lang)),
    },
  );
  // An offer leaving the list changes no offer's date: only the ETag can tell, so the page is "modified now".
  sendPublicPage(koa, html, { lang, lastModified: deps.clock.now() });
}
