/**
 * The sentence of each line-issue code (line-issue.ts), in French and in English: what the import's
 * view, its report.csv, the CLI and the single-add route's details say. Errors refuse the line,
 * warnings keep the person (a value changed or left out), duplicates were already in the pool.
 * An issue stored before codes existed shows the message it was stored with.
 */
import type { Langue } from '../../models/account.ts';
import type { IssueParams, StoredLineIssue } from './line-issue.ts';

type Texts = Record<Langue, (p: IssueParams, column: string) => string>;

const text = (p: IssueParams, key: string) => String(p[key] ?? '');

/** Why an optional value was left out (the `problem` of a *_LEFT_OUT warning), or a form error. */
const PROBLEMS: Record<string, Texts> = {
  TEXT_TOO_LONG: {
    fr: (p, c) => `${c} dépasse ${text(p, 'max')} caractères`,
    en: (p, c) => `${c} is longer than ${text(p, 'max')} characters`,
  },
  TEXT_UNDECODABLE: {
    fr: (_, c) => `${c} : caractères illisibles (octets non décodables)`,
    en: (_, c) => `${c}: invalid characters (undecodable bytes)`,
  },
  TEXT_CONTROL_CHARS: {
    fr: (_, c) => `${c} : les caractères de contrôle ne sont pas permis`,
    en: (_, c) => `${c}: control characters are not allowed`,
  },
  TAGS_TOO_MANY: {
    fr: (p) => `${text(p, 'max')} tags au plus`,
    en: (p) => `at most ${text(p, 'max')} tags`,
  },
  TAG_TOO_LONG: {
    fr: (p) => `le tag « ${text(p, 'tag')} » dépasse ${text(p, 'max')} caractères`,
    en: (p) => `tag "${text(p, 'tag')}" is longer than ${text(p, 'max')} characters`,
  },
};

const problemOf = (p: IssueParams) =>
  Object.hasOwn(PROBLEMS, text(p, 'problem')) ? PROBLEMS[text(p, 'problem')] : undefined;

/** A *_LEFT_OUT warning: its problem's sentence, then what became of the value. */
const leftOut: Texts = {
  fr: (p, c) => `${problemOf(p)?.fr(p, c) ?? c} : valeur ignorée`,
  en: (p, c) => `${problemOf(p)?.en(p, c) ?? c}: left out`,
};

export const LINE_ISSUE_MESSAGES: Record<string, Texts> = {
  ...PROBLEMS,
  EMAIL_MISSING: { fr: () => 'email manquant', en: () => 'email is missing' },
  EMAIL_INVALID: {
    fr: (p) => `email invalide « ${text(p, 'value')} »`,
    en: (p) => `invalid email "${text(p, 'value')}"`,
  },
  TELEPHONE_INVALID: {
    fr: (p) => `téléphone invalide « ${text(p, 'value')} »`,
    en: (p) => `invalid telephone "${text(p, 'value')}"`,
  },
  EMAIL_INVISIBLE_REMOVED: {
    fr: () => 'caractères invisibles (espace sans chasse, BOM...) retirés de l’email',
    en: () => 'invisible characters (zero-width space, BOM...) removed from the email',
  },
  EMAIL_BRACKETS_REMOVED: {
    fr: () => 'chevrons (et le nom autour) retirés de l’email',
    en: () => 'angle brackets (and any name around them) removed from the email',
  },
  EMAIL_MAILTO_REMOVED: {
    fr: () => '« mailto: » retiré de l’email',
    en: () => '"mailto:" removed from the email',
  },
  EMAIL_TRAILING_DOT_REMOVED: {
    fr: () => 'point final retiré de l’email',
    en: () => 'trailing dot removed from the email',
  },
  EMAIL_DOMAIN_PUNYCODE: {
    fr: (p) => `domaine de l’email écrit en ASCII : ${text(p, 'domain')}`,
    en: (p) => `email domain written in ASCII: ${text(p, 'domain')}`,
  },
  PHONE_EXCEL_NUMBER: {
    fr: () => 'Excel a modifié ce numéro : formatez la colonne en Texte',
    en: () => 'Excel changed this number: format the column as Text',
  },
  PHONE_INVALID: {
    fr: (p) => `le téléphone « ${text(p, 'value')} » n’est pas un numéro : valeur ignorée`,
    en: (p) => `telephone "${text(p, 'value')}" is not a phone number: left out`,
  },
  PHONE_SECOND_NUMBER_IN_NOTES: {
    fr: (p) =>
      `plusieurs numéros dans la cellule du téléphone : ${text(p, 'numbers')} gardé(s) dans les notes`,
    en: (p) => `more than one number in the telephone cell: ${text(p, 'numbers')} kept in the notes`,
  },
  NOM_LEFT_OUT: leftOut,
  PRENOM_LEFT_OUT: leftOut,
  NOTES_LEFT_OUT: leftOut,
  TAGS_LEFT_OUT: leftOut,
  DUPLICATE_EMAIL: {
    fr: () => 'doublon : cet email est déjà dans le vivier (ou sur une ligne précédente)',
    en: () => 'duplicate: this email is already in the pool (or on an earlier line)',
  },
  DUPLICATE_PHONE: {
    fr: () => 'doublon : ce téléphone est déjà dans le vivier (ou sur une ligne précédente)',
    en: () => 'duplicate: this phone number is already in the pool (or on an earlier line)',
  },
};

/** The sentence of an issue in a language; an issue stored without parameters keeps its own text. */
export function lineIssueMessage(issue: Omit<StoredLineIssue, 'line'>, langue: Langue): string {
  const texts =
    issue.code && Object.hasOwn(LINE_ISSUE_MESSAGES, issue.code)
      ? LINE_ISSUE_MESSAGES[issue.code]
      : undefined;
  const params = issue.params;
  if (texts && params && typeof params === 'object') return texts[langue](params, issue.column ?? '');
  return issue.message ?? issue.code ?? '';
}
