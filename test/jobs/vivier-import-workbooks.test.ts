/**
 * Talent-pool import of workbooks and of files with headers the import did not know: .xlsx written
 * by exceljs (a library we did not write, read back through its streaming reader), English and
 * Cameroonian headers in the CSV flavours Excel writes, a file broken part-way (its exact line,
 * and nothing of it left in the pool), a resumed workbook import with exact counts. Stored rows
 * are compared byte for byte (HEX of what MariaDB holds).
 */
import { expect } from 'chai';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { runVivierImport } from '../../domain/viviers/run-vivier-import.ts';
import { domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createEntreprise } from '../helpers/factories.ts';
import { createVivierRow, queueImportRow } from '../helpers/vivier-factories.ts';

const ctx = () => domainCtx({ type: 'system', id: 'test:vivier-import-workbooks' });

type Row = (string | number | null | Record<string, unknown>)[];

/** An .xlsx as exceljs writes it: sheets of rows, in tab order. */
async function workbook(sheets: Record<string, Row[]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = wb.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface Stored {
  email: string;
  nom: string | null;
  prenom: string | null;
  telephone: string | null;
  tags: string[];
  notes: string | null;
  hex: string;
}

/** The members as stored, with the bytes MariaDB holds for their text columns. */
async function members(vivierId: number): Promise<Stored[]> {
  const rows = await testDb()('vivierCandidats')
    .where({ vivierId })
    .orderBy('id')
    .select(
      'email',
      'nom',
      'prenom',
      'telephone',
      'tags',
      'notes',
      testDb().raw("HEX(CONCAT_WS('|', email, nom, prenom, telephone, notes)) AS hex"),
    );
  return rows.map((r: Stored & { tags: unknown }) => ({
    ...r,
    tags: typeof r.tags === 'string' ? JSON.parse(r.tags) : (r.tags ?? []),
  }));
}

const hexOf = (...values: (string | null)[]) =>
  Buffer.from(values.filter((v) => v !== null).join('|'), 'utf8')
    .toString('hex')
    .toUpperCase();

async function importRow(id: number) {
  const row = await testDb()('vivierImports').where({ id }).first();
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  return { ...row, ignoredColumns: json(row.ignoredColumns), errors: json(row.errors) };
}

describe('Talent-pool import of workbooks, unknown headers and broken files', () => {
  let vivierId: number;

  beforeEach(async () => {
    vivierId = await createVivierRow(await createEntreprise());
  });

  it('an .xlsx with English headers: numbers typed as numbers are phone digits, rich text and formulas read as shown', async () => {
    const file = await workbook({
      Candidates: [
        ['First Name', 'Last Name', 'Email Address', 'Mobile Phone', 'Skills', 'Notes', 'Age'],
        ['Élodie', 'Mbarga', 'elodie@example.cm', 699112233, 'java, sql', 'Très bon profil', 31],
        [
          'Bérénice',
          'Nguéma',
          'berenice@example.cm',
          '677 44 55 66',
          'vente',
          { richText: [{ text: 'Vue au ' }, { text: 'salon' }] },
          28,
        ],
        [
          'Aïcha',
          'Bello',
          { text: 'aicha@example.cm', hyperlink: 'mailto:aicha@example.cm' },
          237655001122,
          null,
          { formula: '"à "&"rappeler"', result: 'à rappeler' },
          null,
        ],
      ],
    });
    const id = await queueImportRow(vivierId, file);
    expect(await runVivierImport(ctx(), id)).to.include({
      status: 'DONE',
      totalRows: 3,
      importedRows: 3,
      errorRows: 0,
      warningRows: 0,
    });
    const stored = await members(vivierId);
    expect(stored.map(({ hex: _hex, ...m }) => m)).to.deep.equal([
      {
        email: 'elodie@example.cm',
        nom: 'Mbarga',
        prenom: 'Élodie',
        telephone: '+237699112233',
        tags: ['java', 'sql'],
        notes: 'Très bon profil',
      },
      {
        email: 'berenice@example.cm',
        nom: 'Nguéma',
        prenom: 'Bérénice',
        telephone: '+237677445566',
        tags: ['vente'],
        notes: 'Vue au salon',
      },
      {
        email: 'aicha@example.cm',
        nom: 'Bello',
        prenom: 'Aïcha',
        telephone: '+237655001122',
        tags: [],
        notes: 'à rappeler',
      },
    ]);
    expect(stored[0]!.hex).to.equal(
      hexOf('elodie@example.cm', 'Mbarga', 'Élodie', '+237699112233', 'Très bon profil'),
    );
    expect(stored[1]!.hex).to.equal(
      hexOf('berenice@example.cm', 'Nguéma', 'Bérénice', '+237677445566', 'Vue au salon'),
    );
    expect((await importRow(id)).ignoredColumns).to.deep.equal([{ position: 7, header: 'Age' }]);
  });

  it('accented text is never cut between two chunks of the workbook (exceljs decodes chunk by chunk)', async () => {
    // Thousands of distinct accented strings: the shared strings and the sheet span many chunks.
    const people = Array.from({ length: 3000 }, (_, i) => [
      `Éléonore-${i}`,
      `Ngué${'é'.repeat(i % 7)}ma-${i}`,
      `p${i}@example.cm`,
    ]);
    const id = await queueImportRow(
      vivierId,
      await workbook({ Feuil1: [['Prénom', 'Nom', 'E-mail'], ...people] }),
    );
    expect(await runVivierImport(ctx(), id)).to.include({
      status: 'DONE',
      importedRows: 3000,
      warningRows: 0,
    });
    const stored = await members(vivierId);
    expect(stored.map((m) => m.hex)).to.deep.equal(
      people.map(([prenom, nom, email]) => hexOf(email!, nom!, prenom!)),
    );
  });

  it('reads the sheet asked for, by name or position; the first visible one by default', async () => {
    const file = await workbook({
      Notice: [['Lisez-moi'], ['Ce classeur liste les candidats']],
      Candidats: [
        ['Email', 'Nom'],
        ['a@example.cm', 'A'],
      ],
    });
    const byDefault = await queueImportRow(vivierId, file);
    const failed = await runVivierImport(ctx(), byDefault);
    expect(failed.status).to.equal('FAILED');
    expect(failed.failureMessage).to.contain('no "email" column; found: Lisez-moi');
    for (const sheet of ['Candidats', '2']) {
      const other = await createVivierRow(await createEntreprise());
      const id = await queueImportRow(other, file);
      await testDb()('vivierImports').where({ id }).update({ sheet, format: 'xlsx' });
      expect(await runVivierImport(ctx(), id)).to.include({ status: 'DONE', importedRows: 1 });
      expect((await members(other)).map((m) => m.email)).to.deep.equal(['a@example.cm']);
    }
  });

  it('Cameroonian headers in French Excel’s CSV (Windows-1252, `;`, CRLF): full names split, Contact is the phone, nothing dropped', async () => {
    const csv = [
      'Noms et Prénoms;Adresse e-mail;Contact;Domaine;Observations;Âge',
      'MBARGA Élodie;elodie@example.cm;699 11 22 33 / 677 44 55 66;Comptabilité;Très sérieuse;31',
      'Nguéma Bérénice Carine;berenice@example.cm;6.99999998E+08;BTP;;',
    ].join('\r\n');
    const id = await queueImportRow(vivierId, iconv.encode(csv, 'windows-1252'));
    expect(await runVivierImport(ctx(), id)).to.include({
      status: 'DONE',
      importedRows: 2,
      errorRows: 0,
      warningRows: 2,
    });
    const stored = await members(vivierId);
    expect(stored.map(({ hex: _hex, ...m }) => m)).to.deep.equal([
      {
        email: 'elodie@example.cm',
        nom: 'MBARGA',
        prenom: 'Élodie',
        telephone: '+237699112233',
        tags: ['Comptabilité'],
        notes: 'Très sérieuse\nAutre téléphone : +237677445566',
      },
      {
        email: 'berenice@example.cm',
        nom: 'Nguéma',
        prenom: 'Bérénice Carine',
        telephone: null,
        tags: ['BTP'],
        notes: null,
      },
    ]);
    expect(stored[0]!.hex).to.equal(
      hexOf(
        'elodie@example.cm',
        'MBARGA',
        'Élodie',
        '+237699112233',
        'Très sérieuse\nAutre téléphone : +237677445566',
      ),
    );
    expect((await importRow(id)).ignoredColumns).to.deep.equal([{ position: 6, header: 'Âge' }]);
  });

  it('English headers in Excel’s "Texte Unicode" (UTF-16 LE, TAB); cells past the header are reported as ignored', async () => {
    const text = [
      'First Name\tLast Name\tE-mail\tMobile Phone\tSkills\tNotes',
      'Élodie\tMbarga\telodie@example.cm\t699112233\tjava|sql\tRelancer en août',
      'Paul\tBiya\tpaul@example.cm\t\t\t\tvalue past the header',
    ].join('\r\n');
    const id = await queueImportRow(
      vivierId,
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')]),
    );
    expect(await runVivierImport(ctx(), id)).to.include({ status: 'DONE', importedRows: 2 });
    const [elodie] = await members(vivierId);
    expect(elodie!.hex).to.equal(
      hexOf('elodie@example.cm', 'Mbarga', 'Élodie', '+237699112233', 'Relancer en août'),
    );
    expect((await importRow(id)).ignoredColumns).to.deep.equal([{ position: 7, header: '' }]);
  });

  it('a quote broken part-way: FAILED at its exact physical line (CRLF inside quotes counted once), and nothing stays in the pool', async () => {
    const lines = ['email;notes'];
    for (let i = 0; i < 20000; i++)
      lines.push(i % 3 === 0 ? `p${i}@example.cm;"ligne 1\r\nligne 2"` : `p${i}@example.cm;ok`);
    const physical = lines.join('\r\n').split('\r\n').length; // lines so far, header included
    const csv = `${lines.join('\r\n')}\r\n\r\nbad@example.cm;"Mbarga"oops\r\nlast@example.cm;x\r\n`;
    const id = await queueImportRow(vivierId, csv);
    let committed = 0;
    const progress = await runVivierImport(ctx(), id, { onBatch: (p) => void (committed = p.importedRows) });
    expect(progress).to.include({ status: 'FAILED', importedRows: 0 });
    expect(committed, 'batches committed before the fault').to.be.greaterThan(5000);
    const faultLine = physical + 2; // an empty line, then the broken one
    const row = await importRow(id);
    expect(row.failureMessage).to.equal(
      `Malformed CSV at line ${faultLine}: a quoted cell goes on after its closing quote; a quote inside a cell is written twice (""). ` +
        `Nothing of this file was kept in the pool (${committed} people imported before the fault were removed).`,
    );
    expect(row).to.include({ status: 'FAILED', importedRows: 0 });
    expect(await testDb()('vivierCandidats').where({ vivierId }).count({ n: '*' }).first()).to.deep.equal({
      n: 0,
    });
  });

  it('a quote never closed: the line where it opens', async () => {
    const csv =
      'email,notes\r\na@example.cm,"un\r\ndeux"\r\nb@example.cm,"jamais fermé\r\nc@example.cm,x\r\n';
    const id = await queueImportRow(vivierId, csv);
    expect((await runVivierImport(ctx(), id)).failureMessage).to.match(
      /^Malformed CSV at line 4: a quote opens a cell here and is never closed/,
    );
  });

  it('an .xlsx import resumed after a crash keeps exact counts', async () => {
    const rows: Row[] = [['Email', 'Nom']];
    for (let i = 1; i <= 23; i++) rows.push([i === 7 ? 'pas-un-email' : `r${i}@example.cm`, `Nom ${i}`]);
    rows.push(['r3@example.cm', 'repeated']);
    const id = await queueImportRow(vivierId, await workbook({ Feuil1: rows }));
    let batches = 0;
    const crash = await runVivierImport(ctx(), id, {
      batchSize: 4,
      onBatch: () => {
        batches += 1;
        if (batches === 3) throw new Error('simulated crash');
      },
    }).catch((err: unknown) => err);
    expect(String(crash)).to.contain('simulated crash');
    expect(await importRow(id)).to.include({ status: 'RUNNING', totalRows: 12, lastCommittedLine: 13 });
    expect(await runVivierImport(ctx(), id, { batchSize: 4 })).to.include({
      status: 'DONE',
      totalRows: 24,
      importedRows: 22,
      duplicateRows: 1,
      errorRows: 1,
    });
    const emails = (await members(vivierId)).map((m) => m.email);
    expect(new Set(emails).size).to.equal(22);
    expect((await importRow(id)).errors.map((e: { line: number }) => e.line)).to.deep.equal([8]);
  });

  it('a legacy .xls fails with what it is and how to save it, an .ods cut short with how to save it again', async () => {
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);
    const ods = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.alloc(26),
      Buffer.from('mimetypeapplication/vnd.oasis.opendocument.spreadsheet'),
    ]);
    for (const [content, message] of [
      [xls, /legacy Excel 97-2003 workbook \(\.xls\).*"Excel Workbook \(\.xlsx\)" or "CSV UTF-8"/],
      [
        ods,
        /^The \.ods spreadsheet cannot be read \(.*\): save it again from LibreOffice, or as "CSV UTF-8"$/,
      ],
    ] as const) {
      const id = await queueImportRow(vivierId, content);
      const progress = await runVivierImport(ctx(), id);
      expect(progress.status).to.equal('FAILED');
      expect(progress.failureMessage).to.match(message);
    }
  });
});
