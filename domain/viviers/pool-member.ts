/**
 * One pool member's fields, checked the same way whether typed in (POST .../candidats) or read
 * from a CSV row: the email by pool-email.ts (required), the others optional and bounded; tags as
 * a list or as text separated by | or ,. The result is the row to store, or what is wrong as a
 * code with its parameters (line-issue.ts; line-issue-messages.ts has the sentences).
 * Typed in (`form`), any bad value is an error: the person can correct it. Imported (`import`), a
 * bad optional value never discards the person: it is left out with a warning (pool-phone.ts reads
 * the phone cell the way spreadsheets fill it), and only a missing or invalid email is an error.
 */
import { toE164 } from '../shared/index.ts';
import type { ValueWarning } from './import-warning.ts';
import { issueValue, lineIssue, type IssueColumn, type IssueParams, type LineIssue } from './line-issue.ts';
import { LINE_ISSUE_MESSAGES } from './line-issue-messages.ts';
import { normalizePoolEmail } from './pool-email.ts';
import { readPhoneCell } from './pool-phone.ts';

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

export type CheckMode = 'form' | 'import';

export type CheckedMember = { member: PoolMember; warnings: LineIssue[] } | { error: LineIssue };

const text = (v: string | null | undefined) => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};

/** What is wrong with a text value, or null. U+FFFD is what undecodable bytes became. */
function textProblem(column: IssueColumn, value: string, max: number, control: RegExp): LineIssue | null {
  if (value.length > max) return lineIssue('TEXT_TOO_LONG', { max }, column);
  if (value.includes('\uFFFD')) return lineIssue('TEXT_UNDECODABLE', {}, column);
  // Plain text: escape sequences would reach terminals and spreadsheets.
  if (control.test(value)) return lineIssue('TEXT_CONTROL_CHARS', {}, column);
  return null;
}

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

function tagsProblem(tags: string[]): LineIssue | null {
  if (tags.length > MAX_TAGS) return lineIssue('TAGS_TOO_MANY', { max: MAX_TAGS }, 'tags');
  const long = tags.find((t) => t.length > MAX_TAG_LENGTH);
  if (long) return lineIssue('TAG_TOO_LONG', { tag: long.slice(0, 60), max: MAX_TAG_LENGTH }, 'tags');
  for (const t of tags) {
    const bad = textProblem('tags', t, MAX_TAG_LENGTH, CONTROL);
    if (bad) return bad;
  }
  return null;
}

/** Thrown inside checkPoolMember to end it with a row error (form mode). */
class MemberError extends Error {
  constructor(readonly issue: LineIssue) {
    super(issue.code);
  }
}

/**
 * A value reader's warning as an issue of the column: the cell as typed, plus what its sentence
 * needs. A code the catalogue does not know keeps the reader's own text.
 */
function readerIssue(column: IssueColumn, raw: string, w: ValueWarning, extra: IssueParams = {}): LineIssue {
  const issue = lineIssue(w.code, { value: issueValue(raw), ...extra }, column);
  return Object.hasOwn(LINE_ISSUE_MESSAGES, w.code) ? issue : { ...issue, message: w.message };
}

/** An optional value with a problem: an error in a form, left out with a warning in an import. */
function leaveOut<T>(
  mode: CheckMode,
  warnings: LineIssue[],
  column: IssueColumn,
  problem: LineIssue | null,
  value: T,
  empty: T,
): T {
  if (!problem) return value;
  if (mode === 'form') throw new MemberError(problem);
  const code = `${column.toUpperCase()}_LEFT_OUT`;
  warnings.push(lineIssue(code, { problem: problem.code, ...problem.params }, column));
  return empty;
}

function optionalName(
  mode: CheckMode,
  warnings: LineIssue[],
  column: 'nom' | 'prenom',
  v: string | null,
): string | null {
  return v && leaveOut(mode, warnings, column, textProblem(column, v, 100, CONTROL), v, null);
}

/** The notes: those typed, then the phone cell's further numbers, one per line. */
function joinNotes(typed: string | null, others: string[]): string | null {
  let joined = typed ?? '';
  for (const n of others) joined += `${joined ? '\n' : ''}Autre téléphone : ${n}`;
  return joined || null;
}

// Runs once per imported row: no closure is made per call (the import's CPU profile counted them).
export function checkPoolMember(input: PoolMemberInput, mode: CheckMode = 'form'): CheckedMember {
  const warnings: LineIssue[] = [];
  try {
    const rawEmail = text(input.email);
    if (!rawEmail) return { error: lineIssue('EMAIL_MISSING', {}, 'email') };
    const checked = normalizePoolEmail(rawEmail);
    if ('error' in checked)
      return { error: lineIssue('EMAIL_INVALID', { value: issueValue(rawEmail) }, 'email') };
    if (checked.warnings.length) {
      const domain = checked.email.slice(checked.email.lastIndexOf('@') + 1);
      for (const w of checked.warnings)
        warnings.push(
          readerIssue('email', rawEmail, w, w.code === 'EMAIL_DOMAIN_PUNYCODE' ? { domain } : {}),
        );
    }
    const nom = optionalName(mode, warnings, 'nom', text(input.nom));
    const prenom = optionalName(mode, warnings, 'prenom', text(input.prenom));
    const phone = phoneOf(text(input.telephone), mode, warnings);
    // Spreadsheets write line breaks inside a cell as CRLF: kept as plain newlines.
    const typedText = text(input.notes);
    const typed = typedText && typedText.includes('\r') ? typedText.replace(/\r\n?/g, '\n') : typedText;
    const joined = joinNotes(typed, phone.others);
    const notesProblem = joined ? textProblem('notes', joined, MAX_NOTES_LENGTH, NOTES_CONTROL) : null;
    const typedOk =
      notesProblem && typed && !textProblem('notes', typed, MAX_NOTES_LENGTH, NOTES_CONTROL) ? typed : null;
    const notes = joined && leaveOut(mode, warnings, 'notes', notesProblem, joined, typedOk);
    const tagged = tagList(input.tags);
    const tags = leaveOut(mode, warnings, 'tags', tagsProblem(tagged), tagged, []);
    return {
      member: { email: checked.email, nom, prenom, telephone: phone.telephone, tags, notes },
      warnings,
    };
  } catch (err) {
    if (err instanceof MemberError) return { error: err.issue };
    throw err;
  }
}

function phoneOf(
  raw: string | null,
  mode: CheckMode,
  warnings: LineIssue[],
): { telephone: string | null; others: string[] } {
  if (!raw) return { telephone: null, others: [] };
  if (mode === 'form') {
    const telephone = toE164(raw);
    if (!telephone)
      throw new MemberError(lineIssue('TELEPHONE_INVALID', { value: raw.slice(0, 40) }, 'telephone'));
    return { telephone, others: [] };
  }
  const cell = readPhoneCell(raw);
  const numbers = cell.others.join(', ');
  warnings.push(...cell.warnings.map((w) => readerIssue('telephone', raw, w, numbers ? { numbers } : {})));
  return cell;
}
