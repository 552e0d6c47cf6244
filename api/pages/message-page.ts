/** A short page of one message (landing pages, 404, 503): heading, paragraphs, a button or a link. */
import { renderPage, type PageHead } from './render.ts';
import { pageTexts, type PageLang } from './page-texts.ts';

export interface MessagePage {
  heading: string;
  paragraphs: string[];
  tone?: 'ok' | 'error';
  form?: { action: string; button: string };
  link?: { href: string; label: string };
  /** Markup built by one of our templates (html-page.ts), inserted as is. */
  markup?: string;
}

export function messagePageHtml(lang: PageLang, page: MessagePage, head: Partial<PageHead> = {}): string {
  return renderPage(
    'message',
    { lang, title: `${page.heading} | ${pageTexts(lang).site}`, noindex: true, ...head },
    { ...page },
  );
}

/** The way back to the offers, in the page's language. */
export function offersLink(lang: PageLang): { href: string; label: string } {
  return { href: lang === 'en' ? '/emplois?lang=en' : '/emplois', label: pageTexts(lang).backToOffers };
}
