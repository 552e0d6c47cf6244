/**
 * The one look of every email: a responsive MJML layout with the platform's name, the message,
 * a button for the main action and a footer (why the reader gets it, how to stop), plus the
 * matching plain-text part.
 *
 * MJML compilation is slow (tens of milliseconds and more) and asynchronous, so the layout is
 * compiled once per process, at first use, with placeholders, and the promise is kept; each email
 * only substitutes HTML-escaped values into it. Templates stay synchronous: they describe the
 * email (EmailContent), and the outbox (enqueue-email.ts) renders its HTML when writing it.
 * MJML itself is loaded at that first use too: with juice and cheerio it is about 0.4 s of CPU,
 * which a process that sends no email (most API starts, every CLI command) need not pay.
 */
import { frenchSpaces } from '../../lib/french-spaces.ts';
import type { MailCatalogue } from './catalogue/fr.ts';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const SLOTS = ['LANG', 'TITLE', 'PLATFORM', 'BODY', 'ACTION_URL', 'ACTION_LABEL', 'FOOTER'] as const;
type Slot = (typeof SLOTS)[number];
const slot = (name: Slot) => `@@${name}@@`;

function layoutSource(withButton: boolean): string {
  const button = withButton
    ? `<mj-button href="${slot('ACTION_URL')}" background-color="#0b7a4b" color="#ffffff" font-size="16px" font-weight="bold" border-radius="6px" inner-padding="14px 28px" padding="8px 24px 24px">${slot('ACTION_LABEL')}</mj-button>`
    : '';
  return `<mjml lang="${slot('LANG')}">
  <mj-head>
    <mj-title>${slot('TITLE')}</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.6" color="#1f2933" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f2f4f7" width="600px">
    <mj-section background-color="#0b7a4b" padding="18px 24px">
      <mj-column>
        <mj-text font-size="20px" font-weight="bold" color="#ffffff" padding="0">${slot('PLATFORM')}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px 0 8px">
      <mj-column>
        <mj-text padding="8px 24px">${slot('BODY')}</mj-text>
        ${button}
      </mj-column>
    </mj-section>
    <mj-section padding="16px 24px">
      <mj-column>
        <mj-text font-size="12px" line-height="1.5" color="#6b7280" padding="0">${slot('FOOTER')}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

async function compile(withButton: boolean): Promise<string> {
  const { default: mjml2html } = await import('mjml');
  const { html, errors } = await mjml2html(layoutSource(withButton), { validationLevel: 'strict' });
  if (errors.length) throw new Error(`email layout: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  // MJML beautifies: tags spread over lines, labels padded with newlines. Tightened once here, so a
  // link reads `<a href="…">label</a>` (whitespace inside a tag and around a slot means nothing).
  const tight = html
    .replace(/<([a-zA-Z][\w:-]*)\s+/g, '<$1 ')
    .replace(/\s+>/g, '>')
    .replace(/>\s*(@@[A-Z_]+@@)\s*</g, '>$1<');
  for (const name of SLOTS) {
    if (!withButton && name.startsWith('ACTION')) continue;
    if (!tight.includes(slot(name))) throw new Error(`email layout: slot ${name} lost by MJML`);
  }
  return tight;
}

let compiled: Promise<{ withButton: string; plain: string }> | null = null;

function compiledLayout(): Promise<{ withButton: string; plain: string }> {
  compiled ??= Promise.all([compile(true), compile(false)]).then(([withButton, plain]) => ({
    withButton,
    plain,
  }));
  return compiled;
}

/** A line of the footer: plain text, or a link. */
export type FooterLine = string | { label: string; url: string };

/** One item of a list of cards (an offer of a digest): a linked title, lines of detail, a link. */
export interface EmailCard {
  title: string;
  url: string;
  lines: string[];
  /** The label of the link under the details; without it only the title links. */
  linkLabel?: string;
}

/**
 * A block of the body: a paragraph of plain text (its line breaks kept), a bulleted list, or a
 * list of cards. Every value is escaped here.
 */
export type EmailBlock = string | string[] | { cards: EmailCard[] };

export interface EmailContent {
  title: string;
  paragraphs: EmailBlock[];
  action?: { label: string; url: string };
  /** Why the reader gets this email and how to stop it; the default says it is about the account. */
  footer?: FooterLine[];
}

const withBreaks = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br />');

const detailLines = (card: EmailCard) => card.lines.filter((l) => l.trim() !== '');

// Tables and inline styles: what every mail client (Outlook's Word engine included) lays out alike.
const cardHtml = (card: EmailCard) =>
  `<tr><td style="border:1px solid #e5e7eb;border-left:4px solid #0b7a4b;border-radius:6px;padding:12px 14px">` +
  `<a href="${escapeHtml(card.url)}" style="color:#0b7a4b;font-size:16px;font-weight:bold;text-decoration:none">${escapeHtml(card.title)}</a>` +
  detailLines(card)
    .map((l) => `<div style="color:#4b5563;font-size:14px">${escapeHtml(l)}</div>`)
    .join('') +
  (card.linkLabel
    ? `<div style="padding-top:8px"><a href="${escapeHtml(card.url)}" style="display:inline-block;border:1px solid #0b7a4b;border-radius:4px;padding:4px 12px;color:#0b7a4b;font-size:14px;font-weight:bold;text-decoration:none">${escapeHtml(card.linkLabel)}</a></div>`
    : '') +
  '</td></tr>';

function paragraphHtml(p: EmailBlock): string {
  if (typeof p === 'string') return `<p style="margin:0 0 12px">${withBreaks(p)}</p>`;
  if (Array.isArray(p))
    return `<ul style="padding-left:20px;margin:0 0 12px">${p.map((li) => `<li>${withBreaks(li)}</li>`).join('')}</ul>`;
  return (
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:separate;border-spacing:0 8px;margin:0 0 12px">' +
    `${p.cards.map(cardHtml).join('')}</table>`
  );
}

/** A block as plain text: a list item per line, a card as its title, its details and its link. */
function paragraphText(p: EmailBlock): string {
  if (typeof p === 'string') return p;
  if (Array.isArray(p)) return p.map((li) => `- ${li}`).join('\n');
  return p.cards.map((card) => [`- ${card.title}`, ...detailLines(card), card.url].join('\n  ')).join('\n');
}

const footerHtml = (line: FooterLine) =>
  typeof line === 'string'
    ? escapeHtml(line)
    : `<a href="${escapeHtml(line.url)}" style="color:#6b7280">${escapeHtml(line.label)}</a>`;

const footerOf = (c: MailCatalogue, content: EmailContent) =>
  content.footer ?? [c.layout.footerAccount(c.layout.platform)];

/** The HTML part of an email in the catalogue's language. */
export async function emailHtml(c: MailCatalogue, content: EmailContent): Promise<string> {
  const footer = footerOf(c, content);
  const typography = c.layout.lang === 'fr' ? frenchSpaces : (html: string) => html;
  const values: Record<Slot, string> = {
    LANG: c.layout.lang,
    TITLE: typography(escapeHtml(content.title)),
    PLATFORM: escapeHtml(c.layout.platform),
    BODY: typography(content.paragraphs.map(paragraphHtml).join('')),
    ACTION_URL: escapeHtml(content.action?.url ?? ''),
    ACTION_LABEL: escapeHtml(content.action?.label ?? ''),
    FOOTER: typography(footer.map(footerHtml).join('<br />')),
  };
  const layouts = await compiledLayout();
  const template = content.action ? layouts.withButton : layouts.plain;
  // One pass with a function: a value that looks like a slot or holds `$&` is never re-read.
  return template.replace(/@@([A-Z_]+)@@/g, (whole, name: string) =>
    name in values ? values[name as Slot] : whole,
  );
}

/** The text part of an email: the same paragraphs, the action as a line, the footer. */
export function emailText(c: MailCatalogue, content: EmailContent): string {
  const footer = footerOf(c, content);
  return [
    ...content.paragraphs.map(paragraphText),
    ...(content.action ? [c.common.linkLine(content.action.label, content.action.url)] : []),
    '--',
    [
      c.layout.platform,
      ...footer.map((l) => (typeof l === 'string' ? l : c.common.linkLine(l.label, l.url))),
    ].join('\n'),
  ].join('\n\n');
}
