/**
 * The email of a pool member, as people paste it into a spreadsheet or a form: one rule for the
 * import and for the single add, so duplicates are found on the same address either way.
 * In order: Unicode format characters (zero-width space, BOM, direction marks: category Cf) and
 * surrounding spaces are removed, then angle brackets (`Name <x@y>`) and `mailto:`, one trailing
 * dot, the address is lower-cased and its domain written in ASCII (punycode). The result must be
 * a WHATWG "valid e-mail address" (the grammar of HTML's <input type=email>), at most 254 chars.
 * Each change that alters what was typed (not case or surrounding spaces) is reported.
 */
import { domainToASCII } from 'node:url';
import type { ValueWarning } from './import-warning.ts';

export const MAX_EMAIL_LENGTH = 254;

// https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address
const WHATWG_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const FORMAT_CHARS = /\p{Cf}/gu;
const IN_BRACKETS = /<([^<>]*)>/;
const MAILTO = /^mailto:/i;

export type PoolEmail = { email: string; warnings: ValueWarning[] } | { error: string };

export function normalizePoolEmail(raw: string): PoolEmail {
  const warnings: ValueWarning[] = [];
  const change = (code: string, message: string) => warnings.push({ code, message });
  let value = raw;
  if (FORMAT_CHARS.test(value)) {
    value = value.replace(FORMAT_CHARS, '');
    change(
      'EMAIL_INVISIBLE_REMOVED',
      'invisible characters (zero-width space, BOM...) removed from the email',
    );
  }
  value = value.trim();
  const bracketed = IN_BRACKETS.exec(value);
  if (bracketed) {
    value = bracketed[1]!.trim();
    change('EMAIL_BRACKETS_REMOVED', 'angle brackets (and any name around them) removed from the email');
  }
  if (MAILTO.test(value)) {
    value = value.replace(MAILTO, '').trim();
    change('EMAIL_MAILTO_REMOVED', '"mailto:" removed from the email');
  }
  if (value.endsWith('.')) {
    value = value.slice(0, -1);
    change('EMAIL_TRAILING_DOT_REMOVED', 'trailing dot removed from the email');
  }
  const email = asciiDomain(value.toLowerCase(), change);
  if (!email || email.length > MAX_EMAIL_LENGTH || !WHATWG_EMAIL.test(email))
    return { error: `invalid email "${raw.trim().slice(0, 100)}"` };
  return { email, warnings };
}

/** The address with its domain in ASCII (IDNA), or null when the domain cannot be written so. */
function asciiDomain(address: string, change: (code: string, message: string) => void): string | null {
  const at = address.lastIndexOf('@');
  if (at === -1) return address;
  const domain = address.slice(at + 1);
  if (/^[\x21-\x7e]*$/.test(domain)) return address; // already ASCII: left to the grammar
  const ascii = domainToASCII(domain);
  if (!ascii) return null;
  change('EMAIL_DOMAIN_PUNYCODE', `email domain written in ASCII: ${ascii}`);
  return `${address.slice(0, at)}@${ascii}`;
}
