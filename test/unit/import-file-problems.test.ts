import { expect } from 'chai';
import { ImportFormatError } from '../../domain/viviers/csv-format.ts';
import {
  IMPORT_FILE_MESSAGES,
  importFailureMessage,
  importFileMessage,
  type ImportFileParams,
  type ImportFileProblemCode,
} from '../../domain/viviers/import-file-problems.ts';

const SAMPLE: ImportFileParams = {
  line: 12,
  fault: 'CSV_QUOTE_NOT_CLOSED',
  sheet: 'Feuil9',
  sheets: ['Notice', 'Candidats'],
  reason: 'End of data reached',
  found: ['Nom', 'Prénom'],
  missing: ['Mobile'],
  unknown: ['"phone"', 'Mobile'],
  fields: ['email', 'nom'],
  field: 'email',
  columns: ['E-mail', 'Courriel'],
  attempts: 5,
  gigabytes: 1,
  others: ['Candidats'],
};

describe('Import file problems: one sentence per language (unit)', () => {
  it('words every problem in French and in English, with its parameters', () => {
    for (const code of Object.keys(IMPORT_FILE_MESSAGES) as ImportFileProblemCode[]) {
      const fr = importFileMessage({ code, params: SAMPLE }, 'fr');
      const en = importFileMessage({ code, params: SAMPLE }, 'en');
      expect(fr, code).to.not.match(/undefined|\[object/);
      expect(en, code).to.not.match(/undefined|\[object/);
      expect(fr, code).to.not.equal(en);
    }
  });

  it('keeps the English sentences logs, the CLI and failed imports showed before codes', () => {
    const said = (code: ImportFileProblemCode, params: ImportFileParams = {}) =>
      new ImportFormatError('mapping', code, params).message;
    expect(said('SHEET_NOT_FOUND', { sheet: 'Feuil9', sheets: ['Notice', 'Candidats'] })).to.equal(
      'The workbook has no sheet "Feuil9"; its sheets: "Notice", "Candidats"',
    );
    expect(said('MALFORMED_CSV', { line: 3, fault: 'CSV_INVALID_CLOSING_QUOTE' })).to.equal(
      'Malformed CSV at line 3: a quoted cell goes on after its closing quote; a quote inside a cell is written twice ("")',
    );
    expect(
      said('MAPPING_UNKNOWN_FIELDS', { unknown: ['"phone"', 'Mobile'], fields: ['email', 'nom'] }),
    ).to.equal(
      'Unknown field(s) in mapping: "phone" (for "Mobile"); fields: email, nom, or null to ignore a column',
    );
    expect(said('MAPPING_FIELD_TWICE', { field: 'email', columns: ['E-mail', 'Courriel'] })).to.equal(
      'email takes one column, the mapping gives it "E-mail" and "Courriel"',
    );
    expect(said('NO_EMAIL_COLUMN', { found: [] })).to.equal(
      'The header (line 1) has no "email" column; found: nothing',
    );
  });

  it('names the CSV fault in French, and a fault it does not know in general words', () => {
    expect(
      importFileMessage({ code: 'MALFORMED_CSV', params: { line: 4, fault: 'CSV_QUOTE_NOT_CLOSED' } }, 'fr'),
    ).to.equal('CSV mal formé à la ligne 4 : un guillemet ouvre une cellule ici et n’est jamais fermé');
    expect(importFileMessage({ code: 'MALFORMED_CSV', params: { line: 4, fault: 'OTHER' } }, 'en')).to.equal(
      'Malformed CSV at line 4: the quoting of this line cannot be read',
    );
  });
});

describe('Import failures (unit)', () => {
  it('adds who was taken back out, and falls back to the stored sentence for a code it does not know', () => {
    const failure = { code: 'FILE_GONE' as const, params: {}, removed: 1 };
    expect(importFailureMessage(failure, 'fr')).to.equal(
      'Le fichier envoyé n’est plus disponible. Rien de ce fichier n’est resté dans le vivier ' +
        '(1 personne importée avant l’erreur en a été retirée).',
    );
    expect(importFailureMessage({ code: 'FROM_A_NEWER_VERSION', params: {} }, 'fr', 'As stored')).to.equal(
      'As stored',
    );
  });
});
