/**
 * Talent-pool import of files written the way spreadsheet programs write them, built here byte by
 * byte: French Excel's "CSV (séparateur: point-virgule)" (Windows-1252, `;`, CRLF), Excel's
 * "Texte Unicode" (UTF-16 LE with BOM, TAB), UTF-8 with BOM and TAB; and the cells people paste
 * into them (emails with `mailto:` or invisible characters, two phone numbers in one cell, a
 * number Excel turned into 6.99999998E+08).
 */
import { expect } from 'chai';
import iconv from 'iconv-lite';
import { runVivierImport } from '../../domain/viviers/run-vivier-import.ts';
import { EXCEL_NUMBER_MESSAGE } from '../../domain/viviers/pool-phone.ts';
import type { StoredLineIssue } from '../../domain/viviers/line-issue.ts';
import { lineIssueMessage } from '../../domain/viviers/line-issue-messages.ts';
import { domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createEntreprise } from '../helpers/factories.ts';
import { createVivierRow, queueImportRow } from '../helpers/vivier-factories.ts';

const ctx = () => domainCtx({ type: 'system', id: 'test:vivier-import-spreadsheets' });

interface StoredMember {
  email: string;
  nom: string | null;
  prenom: string | null;
  telephone: string | null;
  notes: string | null;
}

/** The members as stored, with their names as the bytes MariaDB holds (UTF-8 hex). */
async function members(vivierId: number): Promise<(StoredMember & { nomHex: string; prenomHex: string })[]> {
  return testDb()('vivierCandidats')
    .where({ vivierId })
    .orderBy('id')
    .select(
      'email',
      'nom',
      'prenom',
      'telephone',
      'notes',
      testDb().raw('HEX(nom) AS nom_hex'),
      testDb().raw('HEX(prenom) AS prenom_hex'),
    );
}

const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex').toUpperCase();

async function importRow(id: number) {
  const row = await testDb()('vivierImports').where({ id }).first();
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? []));
  return { ...row, errors: json(row.errors), warnings: json(row.warnings) };
}

/** Filler people with plain ASCII names, to push later lines past the first bytes. */
const filler = (n: number) =>
  Array.from({ length: n }, (_, i) => [`Nom${i}`, `Prenom${i}`, `filler${i}@example.cm`, '']);

const PEOPLE = [
  ['Mbarga', 'Élodie', 'elodie.mbarga@example.cm', '699 11 22 33'],
  ['Nguéma', 'Bérénice', 'berenice@example.cm', '677 44 55 66'],
  ['Bello', 'Aïcha', 'aicha.bello@example.cm', ''],
];

describe('Talent-pool import of files as spreadsheet programs save them', () => {
  let vivierId: number;

  beforeEach(async () => {
    vivierId = await createVivierRow(await createEntreprise());
  });

  async function expectPeopleStored(expected: string[][]) {
    const stored = await members(vivierId);
    for (const [nom, prenom, email] of expected) {
      const m = stored.find((s) => s.email === email);
      expect(m, email).to.not.equal(undefined);
      expect(m!.nomHex, `${email} nom bytes`).to.equal(hex(nom!));
      expect(m!.prenomHex, `${email} prenom bytes`).to.equal(hex(prenom!));
    }
  }

  it('French Excel "CSV (point-virgule)": Windows-1252, `;`, CRLF, accents in the first line and far past the first 64 KB', async () => {
    const rows = [PEOPLE[0]!, ...filler(2000), PEOPLE[1]!, PEOPLE[2]!];
    const text = ['Nom;Prénom;E-mail;Téléphone', ...rows.map((r) => r.join(';'))].join('\r\n') + '\r\n';
    const bytes = iconv.encode(text, 'windows-1252');
    expect(bytes.length).to.be.greaterThan(64 * 1024);
    expect(bytes.indexOf(Buffer.from('B\xe9r\xe9nice', 'latin1'))).to.be.greaterThan(64 * 1024);
    const id = await queueImportRow(vivierId, bytes);
    expect(await runVivierImport(ctx(), id)).to.include({
      status: 'DONE',
      totalRows: 2003,
      importedRows: 2003,
      errorRows: 0,
      warningRows: 0,
    });
    await expectPeopleStored(PEOPLE);
    const elodie = (await members(vivierId)).find((m) => m.email === 'elodie.mbarga@example.cm');
    expect(elodie).to.include({ telephone: '+237699112233' });
  });

  it('Windows-1252 whose only accents are past the first 64 KB (one storage chunk) is read as Windows-1252, not rejected line by line', async () => {
    const text = [
      'nom;prenom;email',
      ...filler(3000).map((r) => r.slice(0, 3).join(';')),
      'Ngono;Bérénice;b@example.cm',
    ].join('\r\n');
    const bytes = iconv.encode(text, 'windows-1252');
    expect(bytes.indexOf(0xe9)).to.be.greaterThan(64 * 1024);
    const id = await queueImportRow(vivierId, bytes);
    expect(await runVivierImport(ctx(), id)).to.include({ status: 'DONE', importedRows: 3001, errorRows: 0 });
    await expectPeopleStored([['Ngono', 'Bérénice', 'b@example.cm']]);
  });

  for (const [name, encoding, bom] of [
    ['Excel "Texte Unicode": UTF-16 LE with BOM', 'utf-16le', [0xff, 0xfe]],
    ['UTF-16 BE with BOM', 'utf-16be', [0xfe, 0xff]],
    ['UTF-8 with BOM', 'utf-8', [0xef, 0xbb, 0xbf]],
  ] as const) {
    it(`${name}, TAB-separated, an "E-mail" header`, async () => {
      const text =
        ['Nom\tPrénom\tE-mail\tTéléphone', ...PEOPLE.map((r) => r.join('\t'))].join('\r\n') + '\r\n';
      const id = await queueImportRow(
        vivierId,
        Buffer.concat([Buffer.from(bom), iconv.encode(text, encoding)]),
      );
      expect(await runVivierImport(ctx(), id)).to.include({
        status: 'DONE',
        totalRows: 3,
        importedRows: 3,
        errorRows: 0,
        failureMessage: null,
      });
      await expectPeopleStored(PEOPLE);
    });
  }

  it('odd emails are stored normalised with a warning each, and found as one person (duplicates)', async () => {
    const csv = [
      'email;nom',
      'mailto:Jean.Dupont@Example.cm;A',
      '<jean.dupont@example.cm>;B',
      'jean.dupont@example.cm.;C',
      'jean.dupont\u200B@example.cm;D',
      'Jean Dupont <MAILTO:jean.dupont@example.cm>;E',
      'awa@bücher.cm;F',
    ].join('\r\n');
    const id = await queueImportRow(vivierId, csv);
    expect(await runVivierImport(ctx(), id)).to.include({
      totalRows: 6,
      importedRows: 2,
      duplicateRows: 4,
      errorRows: 0,
      warningRows: 6,
    });
    expect((await members(vivierId)).map((m) => [m.email, m.nom])).to.deep.equal([
      ['jean.dupont@example.cm', 'A'],
      ['awa@xn--bcher-kva.cm', 'F'],
    ]);
    const row = await importRow(id);
    expect(row.warnings.map((w: { line: number; code: string }) => [w.line, w.code])).to.deep.equal([
      [2, 'EMAIL_MAILTO_REMOVED'],
      [3, 'EMAIL_BRACKETS_REMOVED'],
      [4, 'EMAIL_TRAILING_DOT_REMOVED'],
      [5, 'EMAIL_INVISIBLE_REMOVED'],
      [6, 'EMAIL_BRACKETS_REMOVED'],
      [6, 'EMAIL_MAILTO_REMOVED'],
      [7, 'EMAIL_DOMAIN_PUNYCODE'],
    ]);
    const duplicates = await testDb()('vivierImportDuplicates').where({ importId: id }).orderBy('line');
    expect(duplicates.map((d: { line: number; reason: string }) => [d.line, d.reason])).to.deep.equal([
      [3, 'EMAIL'],
      [4, 'EMAIL'],
      [5, 'EMAIL'],
      [6, 'EMAIL'],
    ]);
  });

  it('odd phones: two numbers in a cell keep the first, the second goes to the notes; Excel notation is left out; the person is always kept', async () => {
    const csv = [
      'email;telephone;notes',
      'a@example.cm;699 11 22 33 / 677 44 55 66;Très bien',
      'b@example.cm;699 11 22 34 ou 677 44 55 67;',
      'c@example.cm;6.99999998E+08;',
      'd@example.cm;pas de téléphone;',
    ].join('\r\n');
    const id = await queueImportRow(vivierId, iconv.encode(csv, 'windows-1252'));
    expect(await runVivierImport(ctx(), id)).to.include({ importedRows: 4, errorRows: 0, warningRows: 4 });
    expect((await members(vivierId)).map((m) => [m.email, m.telephone, m.notes])).to.deep.equal([
      ['a@example.cm', '+237699112233', 'Très bien\nAutre téléphone : +237677445566'],
      ['b@example.cm', '+237699112234', 'Autre téléphone : +237677445567'],
      ['c@example.cm', null, null],
      ['d@example.cm', null, null],
    ]);
    const warnings = (await importRow(id)).warnings as StoredLineIssue[];
    expect(
      warnings.map((w) => ({ line: w.line, code: w.code, message: lineIssueMessage(w, 'en') })),
    ).to.deep.equal([
      {
        line: 2,
        code: 'PHONE_SECOND_NUMBER_IN_NOTES',
        message: 'more than one number in the telephone cell: +237677445566 kept in the notes',
      },
      {
        line: 3,
        code: 'PHONE_SECOND_NUMBER_IN_NOTES',
        message: 'more than one number in the telephone cell: +237677445567 kept in the notes',
      },
      {
        line: 4,
        code: 'PHONE_EXCEL_NUMBER',
        message: 'Excel changed this number: format the column as Text',
      },
      {
        line: 5,
        code: 'PHONE_INVALID',
        message: 'telephone "pas de téléphone" is not a phone number: left out',
      },
    ]);
    expect(EXCEL_NUMBER_MESSAGE).to.contain('Excel changed this number: format the column as Text');
  });
});
