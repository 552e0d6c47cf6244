/**
 * The public pages, at the root of the API's address (beside /docs, outside /v1/api), served only
 * when FRONTEND_URL is unset: then every link we publish (sitemaps, feeds, JSON-LD, emails) points
 * here. With FRONTEND_URL set, the links point to the frontend and these addresses send people
 * there: 301 for an offer or a company (the same thing lives there for good), 302 for the rest.
 *
 * The pages are not API routes: their query is read leniently (chat apps and ad campaigns add
 * `fbclid`, `utm_*`...; a page must not refuse them), they answer HTML even when they fail (404
 * page, 503 page), and the reader is always anonymous, so one page is the same for everyone.
 * Every page counts in the `standard` rate limit, like the API's reads (page-rate-limit.ts).
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import type { AppDeps } from '../deps.ts';
import { DomainError, NotFoundError } from '../../domain/errors.ts';
import { isDatabaseUnreachable } from '../../lib/db-errors.ts';
import { QueueFullError } from '../../lib/bounded-queue.ts';
import { StorageUnavailableError } from '../../lib/storage.ts';
import type { Logger } from '../../lib/logger.ts';
import { entreprisePage } from './entreprise-pages.ts';
import { alertConfirmationPage, alertUnsubscribePage, emailValidationPage } from './landing-pages.ts';
import { messagePageHtml, offersLink } from './message-page.ts';
import { offreListPage, offrePage, offreShareImage, parsePageRef } from './offre-pages.ts';
import { pageLang } from './page-lang.ts';
import { pageRateLimit, type RouteRateLimit } from './page-rate-limit.ts';
import { pageTexts } from './page-texts.ts';
import { sendPrivatePage } from './send-page.ts';

type PageHandler = (koa: Koa.Context, deps: AppDeps) => Promise<void>;

/** A 404 page for what does not exist, a 503 page when a dependency is down, a 500 page otherwise (logged). */
function asPage(deps: AppDeps, handler: PageHandler): Koa.Middleware {
  return async (koa) => {
    try {
      await handler(koa, deps);
    } catch (err) {
      const lang = pageLang(koa);
      const t = pageTexts(lang);
      const missing =
        err instanceof NotFoundError || (err instanceof DomainError && err.code === 'NOT_FOUND');
      const busy =
        isDatabaseUnreachable(err) || err instanceof QueueFullError || err instanceof StorageUnavailableError;
      if (!missing) ((koa.state.log as Logger | undefined) ?? deps.logger).error({ err }, 'page failed');
      if (busy) koa.set('Retry-After', '5');
      const page = missing
        ? { heading: t.notFoundTitle, paragraphs: [t.notFound], link: offersLink(lang) }
        : { heading: t.errorTitle, paragraphs: [t.error], link: offersLink(lang) };
      sendPrivatePage(koa, messagePageHtml(lang, page), { lang, status: missing ? 404 : busy ? 503 : 500 });
    }
  };
}

/** The token of a landing page's address, passed on to the frontend's page. */
const tokenQuery = (koa: Koa.Context) =>
  typeof koa.query.token === 'string' ? `?token=${encodeURIComponent(koa.query.token)}` : '';

function mountFrontendRedirects(router: Router, frontendUrl: string, limit: Limit): void {
  const to = (koa: Koa.Context, status: 301 | 302, target: string) => {
    koa.status = status;
    koa.redirect(target);
  };
  router.get('/emplois', limit('/emplois'), (koa) => to(koa, 302, `${frontendUrl}/offres`));
  router.get('/emplois/:ref', limit('/emplois/{ref}'), (koa) => {
    const ref = parsePageRef(koa.params.ref ?? '');
    to(koa, ref ? 301 : 302, ref ? `${frontendUrl}/offres/${ref.id}` : `${frontendUrl}/offres`);
  });
  router.get('/entreprises/:ref', limit('/entreprises/{ref}'), (koa) => {
    const ref = parsePageRef(koa.params.ref ?? '');
    to(koa, ref ? 301 : 302, ref ? `${frontendUrl}/entreprises/${ref.id}` : frontendUrl);
  });
  // The frontend paths of the emailed links (domain/mail/enqueue-email.ts, emailLink).
  router.get('/email/validation', limit('/email/validation'), (koa) =>
    to(koa, 302, `${frontendUrl}/validate-email${tokenQuery(koa)}`),
  );
  router.get('/alertes/confirmation', limit('/alertes/confirmation'), (koa) =>
    to(koa, 302, `${frontendUrl}/alertes/confirm${tokenQuery(koa)}`),
  );
  router.get('/alertes/desinscription', limit('/alertes/desinscription'), (koa) =>
    to(koa, 302, `${frontendUrl}/alertes/unsubscribe${tokenQuery(koa)}`),
  );
}

/** The rate limit of one page's address. */
type Limit = (path: string) => Koa.Middleware;

export function mountPublicPages(router: Router, deps: AppDeps, rateLimit: RouteRateLimit): void {
  const limit: Limit = (path) => pageRateLimit(rateLimit, path);
  // The share image serves the frontend's Open Graph tags as well: there with or without FRONTEND_URL.
  // Drawing one costs CPU, so it is limited like a page and drawn in a bounded queue (share-image.ts).
  router.get('/emplois/:id/share.png', limit('/emplois/{id}/share.png'), asPage(deps, offreShareImage));
  if (deps.config.frontendUrl) return mountFrontendRedirects(router, deps.config.frontendUrl, limit);
  router.get('/emplois', limit('/emplois'), asPage(deps, offreListPage));
  router.get('/emplois/:ref', limit('/emplois/{ref}'), asPage(deps, offrePage));
  router.get('/entreprises/:ref', limit('/entreprises/{ref}'), asPage(deps, entreprisePage));
  router.get('/email/validation', limit('/email/validation'), asPage(deps, emailValidationPage));
  router.get('/alertes/confirmation', limit('/alertes/confirmation'), asPage(deps, alertConfirmationPage));
  router.get('/alertes/desinscription', limit('/alertes/desinscription'), asPage(deps, alertUnsubscribePage));
}
