/**
 * The pages behind the unsubscribe links of emails (job alerts, talent-pool invitations). Opening
 * a link changes nothing, since mail scanners and link previews open links too: GET shows what
 * would stop and a button that POSTs the change (the `/form` route of the same link), which
 * answers a short page. Mail clients keep RFC 8058's one-click POST on the link itself. Pages speak
 * the account's language when known, else the request's; they are the public pages' message page
 * (api/pages/templates/message.ts), whose template escapes what they quote.
 */
import type Koa from 'koa';
import { sendHtmlPage } from './html-page.ts';

type Lang = 'fr' | 'en';

export interface UnsubscribeTexts {
  title: string;
  question: string;
  button: string;
  /** Said instead of the question when there is nothing left to stop. */
  already: string;
  done: string;
}

const ALERT_TEXTS: Record<Lang, (keywords: string) => UnsubscribeTexts> = {
  fr: (keywords) => ({
    title: 'Ne plus recevoir cette alerte',
    question: `Ne plus recevoir l’alerte emploi « ${keywords} » ?`,
    button: 'Ne plus recevoir cette alerte',
    already: `L’alerte emploi « ${keywords} » est déjà désactivée.`,
    done: 'C’est fait : vous ne recevrez plus cette alerte.',
  }),
  en: (keywords) => ({
    title: 'Stop this job alert',
    question: `Stop receiving the job alert “${keywords}”?`,
    button: 'Stop this alert',
    already: `The job alert “${keywords}” is already off.`,
    done: 'Done: you will not receive this alert any more.',
  }),
};

const POOL_TEXTS: Record<Lang, UnsubscribeTexts> = {
  fr: {
    title: 'Invitations aux viviers de talents',
    question:
      'Ne plus recevoir aucune invitation de vivier de talents, d’aucune entreprise, à cette adresse ?',
    button: 'Ne plus recevoir d’invitations',
    already: '',
    done: 'C’est fait : cette adresse ne recevra plus d’invitation de vivier.',
  },
  en: {
    title: 'Talent pool invitations',
    question: 'Stop every talent pool invitation, from any company, to this address?',
    button: 'Stop invitations',
    already: '',
    done: 'Done: this address will not receive talent pool invitations any more.',
  },
};

export const alertTexts = (lang: Lang, keywords: string) => ALERT_TEXTS[lang](keywords);
export const poolTexts = (lang: Lang) => POOL_TEXTS[lang];

/** The confirmation page: the question and a button that posts to `action` (or `already`, with no button). */
export function sendUnsubscribeConfirm(
  koa: Koa.Context,
  lang: Lang,
  texts: UnsubscribeTexts,
  opts: { action: string; nothingLeft?: boolean },
): void {
  const data = opts.nothingLeft
    ? { heading: texts.title, paragraphs: [texts.already], tone: 'ok' }
    : {
        heading: texts.title,
        paragraphs: [texts.question],
        form: { action: opts.action, button: texts.button },
      };
  sendHtmlPage(koa, { lang, title: texts.title, template: 'message', data });
}

/** The answer to the button: the change is made. */
export function sendUnsubscribeDone(koa: Koa.Context, lang: Lang, texts: UnsubscribeTexts): void {
  sendHtmlPage(koa, {
    lang,
    title: texts.title,
    template: 'message',
    data: { heading: texts.title, paragraphs: [texts.done], tone: 'ok' },
  });
}

/** The `/form` route of an unsubscribe link, with its token: where the page's button posts. */
export const formAction = (path: string, token: string) =>
  `/v1/api${path}/form?token=${encodeURIComponent(token)}`;
