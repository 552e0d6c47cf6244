/**
 * The offer page's HTML from the loaded offer: the facts in words, the head for people (title,
 * description), for crawlers (canonical address, fr/en alternates, the JobPosting JSON-LD of an
 * open offer; `noindex` on a closed one) and for chat apps (Open Graph and Twitter card: the
 * company's logo, else our share image of the offer).
 */
import type { Ctx } from '../../domain/context.ts';
import type { OffrePage } from '../../domain/pages/offre-page.ts';
import { entreprisePageUrl, offrePageUrl } from '../../domain/shared/page-addresses.ts';
import { jobPosting } from '../../domain/reach/job-posting.ts';
import { pageAlternates } from '../../domain/reach/page-languages.ts';
import { jsonForScript } from '../../lib/json-for-script.ts';
import { dateInWords, excerpt, salaryRange } from './page-format.ts';
import { pageTexts, type PageLang } from './page-texts.ts';
import { inLang } from './page-lang.ts';
import { OG_LOCALE, sameOriginPath } from './page-context.ts';
import { renderPage, type OpenGraph } from './render.ts';
import { SHARE_HEIGHT, SHARE_WIDTH } from './share-image.ts';

/** The share image's address: its path changes with the offer, so caches never show an old one. */
export function shareImagePath(offreId: number, updatedAt: Date): string {
  return `/emplois/${offreId}/share.png?v=${updatedAt.getTime().toString(36)}`;
}

function openGraph(ctx: Ctx, lang: PageLang, page: OffrePage, url: string, description: string): OpenGraph {
  const o = page.item.offre;
  const t = pageTexts(lang);
  const entrepriseName = o.entreprise?.nomEntreprise ?? '';
  const logo = o.entreprise?.logoUrl ? String(o.entreprise.logoUrl.url) : null;
  const alt = t.shareAlt(o.titre, entrepriseName);
  return {
    siteName: t.site,
    type: 'website',
    title: entrepriseName ? t.offerAt(o.titre, entrepriseName) : o.titre,
    description,
    url,
    locale: OG_LOCALE[lang],
    image: logo
      ? { url: logo, alt }
      : {
          url: `${ctx.config.publicUrl}${shareImagePath(o.id, o.updatedAt)}`,
          alt,
          type: 'image/png',
          width: SHARE_WIDTH,
          height: SHARE_HEIGHT,
        },
  };
}

export function offrePageHtml(ctx: Ctx, lang: PageLang, page: OffrePage): string {
  const t = pageTexts(lang);
  const { offre: o, ville } = page.item;
  const frenchUrl = offrePageUrl(ctx, o.id, o.titre);
  const url = inLang(frenchUrl, lang);
  const entrepriseName = o.entreprise?.nomEntreprise ?? '';
  const place = ville ?? o.localisation;
  const facts = [entrepriseName, ville ?? o.localisation, t.contract[o.contractType]]
    .filter(Boolean)
    .join(' · ');
  const description = excerpt(`${facts}. ${o.description ?? ''}`);
  const logo = o.entreprise?.logoUrl
    ? sameOriginPath(ctx.config.publicUrl, String(o.entreprise.logoUrl.url))
    : null;
  const entrepriseUrl = o.entreprise
    ? inLang(new URL(entreprisePageUrl(ctx, o.entreprise.id, entrepriseName)).pathname, lang)
    : null;
  return renderPage(
    'offre',
    {
      lang,
      title: page.open ? `${t.offerAt(o.titre, entrepriseName)} | ${t.site}` : t.closedTitle(o.titre),
      description,
      canonical: url,
      alternates: pageAlternates(ctx, frenchUrl),
      noindex: !page.open,
      og: openGraph(ctx, lang, page, url, description),
      jsonLd: page.open ? jsonForScript(jobPosting(ctx, page.item, lang)) : undefined,
      otherLanguageUrl: inLang(new URL(frenchUrl).pathname, lang === 'fr' ? 'en' : 'fr'),
    },
    {
      offre: o,
      open: page.open,
      place: place || null,
      entrepriseNom: entrepriseName,
      entrepriseUrl,
      logo,
      salary: salaryRange(lang, o.salaireMin, o.salaireMax),
      deadline: o.deadline ? dateInWords(lang, o.deadline) : null,
      published: o.publishedAt ? dateInWords(lang, o.publishedAt) : null,
      applyUrl: '/docs',
    },
  );
}
