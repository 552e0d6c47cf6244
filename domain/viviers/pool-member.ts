/**
 * One pool member's fields, checked the same way whether typed in (POST .../candidats) or read
 * from a CSV row: email required and valid (trimmed, lower-cased), the others optional and
 * bounded; tags as a list or as text separated by | or ,. The result is either the row to store
 * or a message naming what is wrong.
 */
import { normalizeEmail } from '../accounts/email-address.ts';
import { toE164 } from '../shared/phone-number.ts';

export interface PoolMemberInput {
  email?: string | null;
  nom?: string | null;
  prenom?: string | null;
  telephone?: string | null;
  tags?: string | string[] | null;
  notes?: string | null;
}

export interface PoolMember {
  email: string;
  nom: string | null;
  prenom: string | null;
  telephone: string | null;
  tags: string[];
  notes: string | null;
}

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;
export const MAX_NOTES_LENGTH = 5000;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOTES_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (v: string | null | undefined) => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};

function tagList(raw: string | string[] | null | undefined): string[] {
  const parts = Array.isArray(raw) ? raw : (raw ?? '').split(/[|,]/);
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const p of parts) {
    const tag = p.trim().replace(/\s+/g, ' ');
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags;
}

export function checkPoolMember(input: PoolMemberInput): { member: PoolMember } | { error: string } {
  const rawEmail = text(input.email);
  if (!rawEmail) return { error: 'email is missing' };
  const email = normalizeEmail(rawEmail);
  if (email.length > 254 || !EMAIL_SHAPE.test(email))
    return { error: `invalid email "${rawEmail.slice(0, 100)}"` };
  const nom = text(input.nom);
  const prenom = text(input.prenom);
  const telephone = text(input.telephone);
  // Spreadsheets write line breaks inside a cell as CRLF: kept as plain newlines.
  const notes = text(input.notes)?.replace(/\r\n?/g, '\n') ?? null;
  if (nom && nom.length > 100) return { error: 'nom is longer than 100 characters' };
  if (prenom && prenom.length > 100) return { error: 'prenom is longer than 100 characters' };
  const e164 = telephone ? toE164(telephone) : null;
  if (telephone && !e164) return { error: `invalid telephone "${telephone.slice(0, 40)}"` };
  if (notes && notes.length > MAX_NOTES_LENGTH)
    return { error: `notes is longer than ${MAX_NOTES_LENGTH} characters` };
  const tags = tagList(input.tags);
  if (tags.length > MAX_TAGS) return { error: `at most ${MAX_TAGS} tags` };
  const long = tags.find((t) => t.length > MAX_TAG_LENGTH);
  if (long) return { error: `tag "${long.slice(0, 60)}" is longer than ${MAX_TAG_LENGTH} characters` };
  // Bytes that were not UTF-8 come out of the decoder as U+FFFD; NUL never belongs in a CSV.
  const all = [email, nom, prenom, telephone, notes, ...tags].join('');
  if (all.includes('\uFFFD') || all.includes('\u0000'))
    return { error: 'invalid characters (the file must be UTF-8 text)' };
  // Plain text: no control character (escape sequences would reach terminals and spreadsheets); notes may hold tabs and newlines.
  if (CONTROL.test([email, nom, prenom, telephone, ...tags].join('')) || (notes && NOTES_CONTROL.test(notes)))
    return { error: 'control characters are not allowed' };
  return { member: { email, nom, prenom, telephone: e164, tags, notes } };
}
