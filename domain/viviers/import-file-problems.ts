/**
 * Why a whole import file cannot be read (ImportFormatError), as a code with its parameters and a
 * sentence in French and in English: the API answers the sentence in the caller's language as the
 * error's message (a French recruiter who sent an .ods reads how to save it, in French), and
 * logs, the CLI and an import's failure keep the English one.
 */
import type { Langue } from '../../models/account.ts';

export type ImportFileParams = Record<string, string | number | readonly string[]>;

export interface ImportFileProblem {
  code: ImportFileProblemCode;
  params: ImportFileParams;
}

type Say = (p: ImportFileParams) => string;

const SAVE_AS = {
  fr: 'ouvrez-le dans Excel, LibreOffice ou Google Sheets et enregistrez-le en « Classeur Excel (.xlsx) » ou en « CSV UTF-8 »',
  en: 'open it in Excel, LibreOffice or Google Sheets and save it as "Excel Workbook (.xlsx)" or "CSV UTF-8"',
};

/** Why csv-parse stopped, by its error code (csv-rows.ts). */
const CSV_FAULTS: Record<string, Record<Langue, string>> = {
  CSV_QUOTE_NOT_CLOSED: {
    fr: 'un guillemet ouvre une cellule ici et n’est jamais fermé',
    en: 'a quote opens a cell here and is never closed',
  },
  CSV_INVALID_CLOSING_QUOTE: {
    fr: 'une cellule entre guillemets continue après son guillemet fermant ; un guillemet dans une cellule s’écrit deux fois ("")',
    en: 'a quoted cell goes on after its closing quote; a quote inside a cell is written twice ("")',
  },
  INVALID_OPENING_QUOTE: {
    fr: 'un guillemet apparaît dans une cellule qui ne commence pas par un guillemet ; mettez toute la cellule entre guillemets et doublez le guillemet intérieur ("")',
    en: 'a quote appears inside a cell that does not start with one; quote the whole cell and write the inner quote twice ("")',
  },
};
const OTHER_CSV_FAULT = {
  fr: 'les guillemets de cette ligne ne peuvent pas être lus',
  en: 'the quoting of this line cannot be read',
};

const list = (p: ImportFileParams, key: string) => {
  const v = p[key];
  return Array.isArray(v) ? (v as readonly string[]) : [];
};
const quotedEn = (items: readonly string[]) => items.map((i) => `"${i}"`).join(', ');
const quotedFr = (items: readonly string[]) => items.map((i) => `« ${i} »`).join(', ');
/** Up to ten headers of the file, or a word saying there are none. */
const headersFound = (p: ImportFileParams, none: string) => list(p, 'found').join(', ') || none;

const csvFault = (p: ImportFileParams, lang: Langue) =>
  (Object.hasOwn(CSV_FAULTS, String(p.fault)) ? CSV_FAULTS[String(p.fault)] : OTHER_CSV_FAULT)[lang];

/** The unknown fields of a mapping with the header each was given for (`unknown`: field, header, field, ...). */
function unknownFields(p: ImportFileParams, lang: Langue): string {
  const flat = list(p, 'unknown');
  const pairs: string[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2)
    pairs.push(lang === 'fr' ? `${flat[i]} (pour « ${flat[i + 1]} »)` : `${flat[i]} (for "${flat[i + 1]}")`);
  return pairs.join(', ');
}

const MAPPING_EXAMPLE = '{"Mobile Phone": "telephone", "Âge": null}';

export const IMPORT_FILE_MESSAGES = {
  BINARY_CONTENT: {
    fr: () => `Ce fichier n’est pas un fichier texte CSV (contenu binaire) : ${SAVE_AS.fr}`,
    en: () => 'The file is not a CSV text file (binary content)',
  },
  XLS_WORKBOOK: {
    fr: () => `Ce fichier est un classeur Excel 97-2003 (.xls), qui ne peut pas être importé : ${SAVE_AS.fr}`,
    en: () => `This is a legacy Excel 97-2003 workbook (.xls), which cannot be imported: ${SAVE_AS.en}`,
  },
  WORD_DOCUMENT: {
    fr: () => `Ce fichier est un document Word (.docx), pas un tableur : ${SAVE_AS.fr}`,
    en: () => `This is a Word document (.docx), not a spreadsheet: ${SAVE_AS.en}`,
  },
  ZIP_ARCHIVE: {
    fr: () =>
      'Ce fichier est une archive zip, pas un tableur : importez le classeur .xlsx ou le fichier CSV lui-même',
    en: () => 'This is a zip archive, not a spreadsheet: import the .xlsx workbook or the CSV file itself',
  },
  EMPTY_FILE: { fr: () => 'Le fichier est vide', en: () => 'The file is empty' },
  NO_HEADER: { fr: () => 'Le fichier n’a pas de ligne d’en-tête', en: () => 'The file has no header row' },
  HEADER_TOO_LONG: {
    fr: () => 'La première ligne est trop longue pour être un en-tête CSV',
    en: () => 'The first line is too long to be a CSV header',
  },
  NO_EMAIL_COLUMN: {
    fr: (p) =>
      `L’en-tête (ligne 1) n’a pas de colonne « email » ; colonnes trouvées : ${headersFound(p, 'aucune')}`,
    en: (p) => `The header (line 1) has no "email" column; found: ${headersFound(p, 'nothing')}`,
  },
  NO_EMAIL_COLUMN_IN_SHEET: {
    fr: (p) =>
      `La feuille « ${p.sheet} » n’a pas de colonne « email » en ligne d’en-tête ; colonnes trouvées : ${headersFound(p, 'aucune')} ; ` +
      `choisissez une autre feuille du classeur (sheet) : ${quotedFr(list(p, 'others'))}`,
    en: (p) =>
      `The sheet "${p.sheet}" has no "email" column in its header row; found: ${headersFound(p, 'nothing')}; ` +
      `choose another sheet of the workbook (sheet): ${quotedEn(list(p, 'others'))}`,
  },
  MALFORMED_CSV: {
    fr: (p) => `CSV mal formé à la ligne ${p.line} : ${csvFault(p, 'fr')}`,
    en: (p) => `Malformed CSV at line ${p.line}: ${csvFault(p, 'en')}`,
  },
  MALFORMED_CSV_NEAR: {
    fr: (p) => `CSV mal formé vers la ligne ${p.line}`,
    en: (p) => `Malformed CSV near line ${p.line}`,
  },
  NO_SHEET: { fr: () => 'Le classeur n’a aucune feuille', en: () => 'The workbook has no sheet' },
  SHEET_NOT_FOUND: {
    fr: (p) =>
      `Le classeur n’a pas de feuille « ${p.sheet} » ; ses feuilles : ${quotedFr(list(p, 'sheets'))}`,
    en: (p) => `The workbook has no sheet "${p.sheet}"; its sheets: ${quotedEn(list(p, 'sheets'))}`,
  },
  SHEET_EMPTY: {
    fr: (p) => `La feuille « ${p.sheet} » est vide`,
    en: (p) => `The sheet "${p.sheet}" is empty`,
  },
  SHEET_FOR_CSV: {
    fr: () => 'Le champ « sheet » vaut pour les classeurs (.xlsx, .ods) ; ce fichier est du texte CSV',
    en: () => 'sheet is for workbooks (.xlsx, .ods); this file is CSV text',
  },
  WORKBOOK_UNREADABLE: {
    fr: (p) =>
      `Le classeur .xlsx ne peut pas être lu (${p.reason}) : enregistrez-le de nouveau depuis Excel ou LibreOffice, ou en « CSV UTF-8 »`,
    en: (p) =>
      `The .xlsx workbook cannot be read (${p.reason}): save it again from Excel or LibreOffice, or as "CSV UTF-8"`,
  },
  ODS_UNREADABLE: {
    fr: (p) =>
      `La feuille de calcul .ods ne peut pas être lue (${p.reason}) : enregistrez-la de nouveau depuis LibreOffice, ou en « CSV UTF-8 »`,
    en: (p) =>
      `The .ods spreadsheet cannot be read (${p.reason}): save it again from LibreOffice, or as "CSV UTF-8"`,
  },
  IMPORT_GAVE_UP: {
    fr: (p) => `Abandonné après ${p.attempts} tentatives interrompues`,
    en: (p) => `Gave up after ${p.attempts} interrupted attempts`,
  },
  ODS_TOO_LARGE: {
    fr: (p) =>
      `Cette feuille de calcul .ods dépasse ${p.gigabytes} Go une fois décompressée : enregistrez-la en « CSV UTF-8 », ou importez-la en plusieurs fichiers`,
    en: (p) =>
      `This .ods spreadsheet is over ${p.gigabytes} GB once uncompressed: save it as "CSV UTF-8", or import it as several files`,
  },
  FILE_GONE: {
    fr: () => 'Le fichier envoyé n’est plus disponible',
    en: () => 'The uploaded file is no longer available',
  },
  MAPPING_NOT_JSON: {
    fr: () => `mapping doit être un objet JSON, par exemple ${MAPPING_EXAMPLE}`,
    en: () => `mapping must be a JSON object, e.g. ${MAPPING_EXAMPLE}`,
  },
  MAPPING_UNKNOWN_FIELDS: {
    fr: (p) =>
      `Champ(s) inconnu(s) dans mapping : ${unknownFields(p, 'fr')} ; champs : ${list(p, 'fields').join(', ')}, ou null pour ignorer une colonne`,
    en: (p) =>
      `Unknown field(s) in mapping: ${unknownFields(p, 'en')}; fields: ${list(p, 'fields').join(', ')}, or null to ignore a column`,
  },
  MAPPING_UNKNOWN_COLUMNS: {
    fr: (p) =>
      `mapping nomme des colonnes que le fichier n’a pas : ${quotedFr(list(p, 'missing'))} ; ses colonnes : ${headersFound(p, 'aucune')}`,
    en: (p) =>
      `mapping names column(s) the file does not have: ${quotedEn(list(p, 'missing'))}; its columns: ${headersFound(p, 'nothing')}`,
  },
  MAPPING_FIELD_TWICE: {
    fr: (p) => `${p.field} ne prend qu’une colonne, mapping lui donne ${quotedFr(list(p, 'columns'))}`,
    en: (p) =>
      `${p.field} takes one column, the mapping gives it ${list(p, 'columns')
        .map((c) => `"${c}"`)
        .join(' and ')}`,
  },
} satisfies Record<string, Record<Langue, Say>>;

export type ImportFileProblemCode = keyof typeof IMPORT_FILE_MESSAGES;

export function importFileMessage(problem: ImportFileProblem, lang: Langue): string {
  return IMPORT_FILE_MESSAGES[problem.code][lang](problem.params);
}

/** Why an import failed, and how many people it had imported that were taken back out. */
export interface ImportFailure extends ImportFileProblem {
  removed?: number;
}

const REMOVED: Record<Langue, (removed: number) => string> = {
  fr: (n) =>
    `Rien de ce fichier n’est resté dans le vivier (${n} ${n > 1 ? 'personnes importées' : 'personne importée'} ` +
    `avant l’erreur ${n > 1 ? 'en ont été retirées' : 'en a été retirée'}).`,
  en: (n) =>
    `Nothing of this file was kept in the pool (${n} people imported before the fault were removed).`,
};

/**
 * The failure as an import's view says it; a stored failure of a code this version does not know
 * (written by a newer one) is said by the English sentence stored beside it (`stored`).
 */
export function importFailureMessage(
  failure: { code: string; params: ImportFileParams; removed?: number },
  lang: Langue,
  stored: string | null = null,
): string {
  if (!Object.hasOwn(IMPORT_FILE_MESSAGES, failure.code)) return stored ?? failure.code;
  const sentence = importFileMessage(failure as ImportFileProblem, lang);
  if (failure.removed === undefined) return sentence;
  return `${sentence.replace(/\.?$/, '.')} ${REMOVED[lang](failure.removed)}`;
}
