/**
 * The pages the links of our emails open when FRONTEND_URL is not set (domain/mail/enqueue-email.ts
 * points them here): GET /email/validation (the address is validated), GET /alertes/confirmation
 * (a job alert made without an account starts), GET /alertes/desinscription (what would stop, and
 * a button that POSTs the change to the API's existing form route; opening the link changes
 * nothing). Each says why when the link cannot work (unknown, expired, already used), in the
 * language of the account or alert the token names, else the request's.
 */
import type Koa from 'koa';
import type { AppDeps } from '../deps.ts';
import {
  alertConfirmationLanding,
  emailValidationLanding,
  type LinkFailure,
} from '../../domain/pages/token-landings.ts';
import { alertToUnsubscribe } from '../../domain/alerts/alert-to-unsubscribe.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { alertTexts, formAction } from '../routes/unsubscribe-pages.ts';
import { messagePageHtml, offersLink, type MessagePage } from './message-page.ts';
import { pageLang } from './page-lang.ts';
import { readerCtx } from './page-context.ts';
import { pageTexts, type PageLang } from './page-texts.ts';
import { sendPrivatePage } from './send-page.ts';

const FAILURE_STATUS: Record<LinkFailure, number> = { unknown: 404, expired: 410, used: 410 };

function tokenOf(koa: Koa.Context): string | null {
  const token = koa.query.token;
  return typeof token === 'string' && token.length > 0 && token.length <= 200 ? token : null;
}

function failurePage(lang: PageLang, failure: LinkFailure): MessagePage {
  const t = pageTexts(lang);
  return {
    heading: t.linkTitle[failure],
    paragraphs: [t.linkText[failure]],
    tone: 'error',
    link: offersLink(lang),
  };
}

function sendFailure(koa: Koa.Context, lang: PageLang, failure: LinkFailure): void {
  send(koa, lang, failurePage(lang, failure), FAILURE_STATUS[failure]);
}

function send(koa: Koa.Context, lang: PageLang, page: MessagePage, status = 200): void {
  sendPrivatePage(koa, messagePageHtml(lang, page), { lang, status });
}

export async function emailValidationPage(koa: Koa.Context, deps: AppDeps): Promise<void> {
  const token = tokenOf(koa);
  const landing = token ? await emailValidationLanding(readerCtx(koa, deps), token) : null;
  const lang = landing?.langue ?? pageLang(koa);
  const t = pageTexts(lang);
  if (!landing?.ok) return sendFailure(koa, lang, landing?.failure ?? 'unknown');
  const done = landing.outcome === 'validated';
  send(koa, lang, {
    heading: done ? t.emailValidated : t.emailAlready,
    paragraphs: [
      done ? t.emailValidatedText : t.emailAlreadyText,
      ...(done && landing.role === 'RECRUTEUR' ? [t.recruiterNext] : []),
    ],
    tone: 'ok',
    link: offersLink(lang),
  });
}

export async function alertConfirmationPage(koa: Koa.Context, deps: AppDeps): Promise<void> {
  const token = tokenOf(koa);
  const landing = token ? await alertConfirmationLanding(readerCtx(koa, deps), token) : null;
  const lang = landing?.langue ?? pageLang(koa);
  const t = pageTexts(lang);
  if (!landing?.ok) return sendFailure(koa, lang, landing?.failure ?? 'unknown');
  const { keywords } = landing;
  const done = landing.outcome === 'confirmed';
  send(koa, lang, {
    heading: done ? t.alertConfirmed : t.alertAlready,
    paragraphs: [done ? t.alertConfirmedText(keywords) : t.alertAlreadyText(keywords)],
    tone: 'ok',
    link: offersLink(lang),
  });
}

export async function alertUnsubscribePage(koa: Koa.Context, deps: AppDeps): Promise<void> {
  const token = tokenOf(koa);
  const alert = token
    ? await alertToUnsubscribe(readerCtx(koa, deps), token).catch((err: unknown) => {
        if (err instanceof NotFoundError) return null;
        throw err;
      })
    : null;
  if (!alert || !token) {
    const lang = pageLang(koa);
    const t = pageTexts(lang);
    return send(
      koa,
      lang,
      { heading: t.linkTitle.unknown, paragraphs: [t.unsubscribeUnknown], tone: 'error' },
      404,
    );
  }
  const texts = alertTexts(alert.langue, alert.keywords);
  send(
    koa,
    alert.langue,
    alert.active
      ? {
          heading: texts.title,
          paragraphs: [texts.question],
          form: { action: formAction('/alertes/unsubscribe', token), button: texts.button },
        }
      : { heading: texts.title, paragraphs: [texts.already], tone: 'ok' },
  );
}
