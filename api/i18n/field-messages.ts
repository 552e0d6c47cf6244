/**
 * The message of each entry of `error.fields`, in French and in English. The `code` is what a
 * frontend switches on; the message is for showing next to the field as it is.
 */
import type { FieldCode, FieldProblem } from '../http/field-errors.ts';
import type { Language } from './language.ts';

type Params = Record<string, unknown>;
type Say = (p: Params) => string;

/** `1 item`, `2 items`: the limit with its noun in the singular or the plural. */
const count = (p: Params, one: string, many: string) =>
  `${String(p.limit)} ${Number(p.limit) === 1 ? one : many}`;

const TYPES: Record<string, Record<Language, string>> = {
  string: { fr: 'du texte', en: 'a string' },
  integer: { fr: 'un nombre entier', en: 'an integer' },
  number: { fr: 'un nombre', en: 'a number' },
  boolean: { fr: 'true ou false', en: 'true or false' },
  object: { fr: 'un objet', en: 'an object' },
  array: { fr: 'une liste', en: 'an array' },
  null: { fr: 'null', en: 'null' },
};

const FORMATS: Record<string, Record<Language, string>> = {
  email: { fr: 'adresse email', en: 'email address' },
  date: { fr: 'date AAAA-MM-JJ', en: 'date YYYY-MM-DD' },
  'date-time': { fr: 'date et heure ISO 8601', en: 'ISO 8601 date-time' },
  uri: { fr: 'adresse web http ou https', en: 'http or https URL' },
  url: { fr: 'adresse web', en: 'URL' },
  phone: {
    fr: 'numéro de téléphone : 9 chiffres commençant par 2 ou 6, ex. 699 99 99 99, ou +indicatif ailleurs',
    en: 'phone number: 9 digits starting with 2 or 6, e.g. 699 99 99 99, or +country code elsewhere',
  },
  mobile: {
    fr: 'numéro de mobile, ex. 6xx xx xx xx, les SMS n’arrivent pas sur un fixe',
    en: 'mobile number, e.g. 6xx xx xx xx, as SMS do not reach a landline',
  },
  json: { fr: 'texte JSON', en: 'JSON text' },
  image: { fr: 'image lisible', en: 'readable image' },
  slug: {
    fr: 'minuscules, chiffres et tirets simples, ex. mon-article-2',
    en: 'lowercase letters, digits and single hyphens, e.g. mon-article-2',
  },
  redirectUri: {
    fr: 'adresse https absolue, sans fragment ni identifiants ; http seulement pour localhost',
    en: 'absolute https URL without fragment or credentials; http only for localhost',
  },
};

/** What an unknown id was to name (InputProblem's params.kind). */
const UNKNOWN_IDS: Record<string, Record<Language, string>> = {
  ville: { fr: 'Aucune ville avec cet identifiant', en: 'No city has this id' },
  region: { fr: 'Aucune région avec cet identifiant', en: 'No region has this id' },
  secteur: { fr: 'Aucun secteur d’activité avec cet identifiant', en: 'No activity sector has this id' },
  niveau: { fr: 'Aucun niveau d’expérience avec cet identifiant', en: 'No experience level has this id' },
};

const list = (p: Params) => ((p.allowedValues as unknown[]) ?? []).map(String).join(', ');
const typeName = (p: Params, lang: Language) =>
  String(p.type)
    .split(',')
    .map((t) => TYPES[t]?.[lang] ?? t)
    .join(lang === 'fr' ? ' ou ' : ' or ');
const formatName = (p: Params, lang: Language) => FORMATS[String(p.format)]?.[lang] ?? String(p.format);
const suggestion = (p: Params, lang: Language) => {
  const near = typeof p.suggestion === 'string' ? p.suggestion : null;
  if (!near) return '';
  return lang === 'fr' ? ` (vouliez-vous dire « ${near} » ?)` : ` (did you mean "${near}"?)`;
};

const MESSAGES: Record<FieldCode, Record<Language, Say>> = {
  required: { fr: () => 'Champ obligatoire', en: () => 'Required field' },
  unknown: {
    fr: (p) => `Champ inconnu${suggestion(p, 'fr')}`,
    en: (p) => `Unknown field${suggestion(p, 'en')}`,
  },
  type: { fr: (p) => `Doit être ${typeName(p, 'fr')}`, en: (p) => `Must be ${typeName(p, 'en')}` },
  format: {
    fr: (p) => `Format invalide ; attendu : ${formatName(p, 'fr')}`,
    en: (p) => `Invalid format; expected: ${formatName(p, 'en')}`,
  },
  minLength: {
    fr: (p) => (p.limit === 1 ? 'Ne doit pas être vide' : `Au moins ${String(p.limit)} caractères`),
    en: (p) => (p.limit === 1 ? 'Must not be empty' : `At least ${String(p.limit)} characters`),
  },
  maxLength: {
    fr: (p) => `Au plus ${count(p, 'caractère', 'caractères')}`,
    en: (p) => `At most ${count(p, 'character', 'characters')}`,
  },
  minimum: {
    fr: (p) => `Doit être ${p.exclusive ? 'strictement supérieur à' : 'au moins'} ${String(p.limit)}`,
    en: (p) => `Must be ${p.exclusive ? 'greater than' : 'at least'} ${String(p.limit)}`,
  },
  maximum: {
    fr: (p) => `Doit être ${p.exclusive ? 'strictement inférieur à' : 'au plus'} ${String(p.limit)}`,
    en: (p) => `Must be ${p.exclusive ? 'less than' : 'at most'} ${String(p.limit)}`,
  },
  minItems: {
    fr: (p) => `Au moins ${count(p, 'élément', 'éléments')}`,
    en: (p) => `At least ${count(p, 'item', 'items')}`,
  },
  maxItems: {
    fr: (p) => `Au plus ${count(p, 'élément', 'éléments')}`,
    en: (p) => `At most ${count(p, 'item', 'items')}`,
  },
  uniqueItems: { fr: () => 'Éléments en double', en: () => 'Duplicate items' },
  enum: {
    fr: (p) => `Valeur non permise ; valeurs possibles : ${list(p)}`,
    en: (p) => `Not an allowed value; allowed: ${list(p)}`,
  },
  pattern: { fr: () => 'Format invalide', en: () => 'Invalid format' },
  controlCharacter: {
    fr: (p) =>
      `Caractères de contrôle interdits${p.longText ? ' (sauf tabulation et retour à la ligne)' : ''}`,
    en: (p) => `Control characters are not allowed${p.longText ? ' (except tab and newline)' : ''}`,
  },
  unpairedSurrogate: {
    fr: () => 'Texte avec une paire de substitution UTF-16 incomplète',
    en: () => 'Text with an unpaired UTF-16 surrogate',
  },
  invalid: { fr: () => 'Valeur invalide', en: () => 'Invalid value' },
  unknownId: {
    fr: (p) => UNKNOWN_IDS[String(p.kind)]?.fr ?? 'Aucun élément avec cet identifiant',
    en: (p) => UNKNOWN_IDS[String(p.kind)]?.en ?? 'Nothing has this id',
  },
  blank: { fr: () => 'Ne doit pas être vide ni fait que d’espaces', en: () => 'Must not be blank' },
  pastDate: { fr: () => 'Doit être aujourd’hui ou plus tard', en: () => 'Must be today or later' },
  notPublished: { fr: () => 'L’offre doit être publiée', en: () => 'The offer must be published' },
  refusedUrl: {
    fr: () => 'Adresse refusée : elle doit mener à un serveur public',
    en: () => 'Address refused: it must reach a public server',
  },
  notInvitedAddress: {
    fr: () => 'Doit être l’adresse email à laquelle l’invitation a été envoyée',
    en: () => 'Must be the email address the invitation was sent to',
  },
  notOnDomain: {
    fr: (p) => `Doit être une adresse en @${String(p.domain)}`,
    en: (p) => `Must be an address ending with @${String(p.domain)}`,
  },
  noWord: {
    fr: () => 'Au moins un mot qui ne soit pas un mot vide (le, de, pour…)',
    en: () => 'At least one word that is not a stop word (le, de, pour…)',
  },
  mismatch: {
    fr: (p) => `Doit être identique au champ ${String(p.other)}`,
    en: (p) => `Must match the ${String(p.other)} field`,
  },
  regex: {
    fr: () => 'Expression régulière invalide',
    en: () => 'Invalid regular expression',
  },
};

export interface FieldError {
  field: string;
  code: FieldCode;
  message: string;
}

export function fieldErrors(problems: readonly FieldProblem[], lang: Language): FieldError[] {
  return problems.map((p) => ({
    field: p.field,
    code: p.code,
    message: MESSAGES[p.code][lang](p.params ?? {}),
  }));
}

/** `error.details` of a validation error: every problem, in the answer's language. */
export function fieldDetails(fields: readonly FieldError[]): string {
  return fields.map((f) => `${f.field}: ${f.message}`).join('; ');
}
