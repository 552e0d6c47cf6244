/**
 * Numbers and dates as people read them on the pages: amounts in XAF grouped the French way
 * (`400 000 FCFA`) or the English way (`XAF 400,000`), dates in words. Locales and the time zone
 * are given explicitly, so the server's own settings never change a page.
 */
import type { PageLang } from './page-texts.ts';
import { pageTexts } from './page-texts.ts';

const MONEY: Record<PageLang, Intl.NumberFormat> = {
  fr: new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XAF', maximumFractionDigits: 0 }),
  en: new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'XAF', maximumFractionDigits: 0 }),
};

/** A date-only (YYYY-MM-DD) or an instant, as a date in words; instants are read in Cameroon time. */
const DATES: Record<PageLang, Intl.DateTimeFormat> = {
  fr: new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Africa/Douala' }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Africa/Douala' }),
};

/** Intl puts no-break spaces in dates; a date may wrap between its words. */
const plainSpaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

/**
 * An amount never wraps inside (`88 321 FCFA` split after 88 reads as two numbers on a phone): one
 * kind of no-break space, U+00A0, which every font has (Intl's narrow U+202F is missing from some).
 */
export function money(lang: PageLang, amount: number): string {
  return MONEY[lang].format(amount).replace(/[\u00a0\u202f ]/g, '\u00a0');
}

/** The salary range a month, or null when the offer gives none. */
export function salaryRange(lang: PageLang, min: number | null, max: number | null): string | null {
  const t = pageTexts(lang);
  if (min === null && max === null) return null;
  const range =
    min !== null && max !== null
      ? min === max
        ? money(lang, min)
        : `${money(lang, min)} – ${money(lang, max)}`
      : min !== null
        ? t.salaryFrom(money(lang, min))
        : t.salaryUpTo(money(lang, max!));
  return `${range} ${t.perMonth}`;
}

export function dateInWords(lang: PageLang, date: string | Date): string {
  // A date-only is noon in Douala, far from any day boundary.
  const instant = typeof date === 'string' ? new Date(`${date}T12:00:00+01:00`) : date;
  return plainSpaces(DATES[lang].format(instant));
}

/** The first `max` characters of a text, cut at a word, for descriptions in meta tags. */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}
