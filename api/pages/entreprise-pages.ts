/**
 * GET /entreprises/{id}-{slug}: a company and its open offers, paginated (`?page=2`). The
 * address follows the company's name like an offer's follows its title (301 to the right slug).
 */
import type Koa from 'koa';
import type { AppDeps } from '../deps.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { loadEntreprisePage } from '../../domain/pages/entreprise-page.ts';
import { entreprisePageUrl } from '../../domain/shared/page-addresses.ts';
import { pageAlternates } from '../../domain/reach/page-languages.ts';
import { excerpt } from './page-format.ts';
import { offreListItem, pagerOf } from './offre-items.ts';
import { parsePageRef, redirectedToCanonical } from './offre-pages.ts';
import { inLang, pageLang } from './page-lang.ts';
import { OG_LOCALE, readerCtx, sameOriginPath, webLink } from './page-context.ts';
import { pageTexts } from './page-texts.ts';
import { renderPage } from './render.ts';
import { sendPublicPage } from './send-page.ts';

export async function entreprisePage(koa: Koa.Context, deps: AppDeps): Promise<void> {
  const ref = parsePageRef(koa.params.ref ?? '');
  if (!ref) throw new NotFoundError('Entreprise');
  const ctx = readerCtx(koa, deps);
  const raw = koa.query.page;
  const pageNumber = typeof raw === 'string' && /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : 1;
  const { entreprise, offres, page } = await loadEntreprisePage(ctx, ref.id, pageNumber - 1);
  const frenchUrl = entreprisePageUrl(ctx, entreprise.id, entreprise.nomEntreprise);
  const path = new URL(frenchUrl).pathname;
  if (redirectedToCanonical(koa, path, koa.query.lang as string | undefined)) return;
  const lang = pageLang(koa);
  const t = pageTexts(lang);
  const at = (n: number) => inLang(n > 1 ? `${path}?page=${n}` : path, lang);
  const url = `${deps.config.publicUrl}${at(pageNumber)}`;
  const description = excerpt(
    `${t.entrepriseDescription(entreprise.nomEntreprise, page.totalElements)} ${entreprise.description ?? ''}`,
  );
  const logo = entreprise.logoUrl ? String(entreprise.logoUrl.url) : null;
  const html = renderPage(
    'entreprise',
    {
      lang,
      title: `${entreprise.nomEntreprise} | ${t.site}`,
      description,
      canonical: url,
      alternates: pageAlternates(ctx, pageNumber > 1 ? `${frenchUrl}?page=${pageNumber}` : frenchUrl),
      og: {
        siteName: t.site,
        type: 'profile',
        title: entreprise.nomEntreprise,
        description,
        url,
        locale: OG_LOCALE[lang],
        ...(logo ? { image: { url: logo, alt: entreprise.nomEntreprise } } : {}),
      },
      otherLanguageUrl: inLang(
        pageNumber > 1 ? `${path}?page=${pageNumber}` : path,
        lang === 'fr' ? 'en' : 'fr',
      ),
    },
    {
      entreprise,
      logo: logo ? sameOriginPath(deps.config.publicUrl, logo) : null,
      website: webLink(entreprise.siteWeb?.url),
      items: offres.map((item) => offreListItem(ctx, lang, item)),
      pager: pagerOf(page, at),
    },
  );
  // An offer leaving the list changes no date we hold: only the ETag can tell, so the page is "modified now".
  sendPublicPage(koa, html, { lang, lastModified: deps.clock.now() });
}
