/**
 * POST .../viviers/{id}/import/preview and the import's mapping, through the API: a workbook
 * written by exceljs and a Windows-1252 CSV with Cameroonian headers; the preview writes nothing;
 * an .xlsx uploaded under a .csv name is read as the workbook it is; the import takes a mapping
 * and a sheet, refuses unknown fields naming them, and reports its ignored columns in its answer
 * and its view.
 */
import { expect } from 'chai';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { runVivierImport } from '../../domain/viviers/run-vivier-import.ts';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createRecruteur } from '../helpers/factories.ts';
import { createVivierRow } from '../helpers/vivier-factories.ts';

async function workbook(sheets: Record<string, (string | number | null)[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = wb.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const ENGLISH = [
  ['First Name', 'Last Name', 'Email', 'Mobile Phone', 'Skills', 'Notes', 'Âge'],
  ['Élodie', 'Mbarga', 'elodie@example.cm', 699112233, 'java', 'Très bien', 31],
  ['Paul', 'Biya', 'pas-un-email', 677445566, 'sql', null, 40],
  ['Aïcha', 'Bello', 'mailto:aicha@example.cm', '6.99999998E+08', 'rh', null, 25],
  ['Jean', 'Essomba', 'jean@example.cm', 655001122, null, null, null],
];

async function counts() {
  const [imports] = await testDb()('vivierImports').count({ n: '*' });
  const [files] = await testDb()('files').where({ purpose: 'IMPORT' }).count({ n: '*' });
  return { imports: imports.n, files: files.n };
}

describe('Talent pools: import preview and column mapping through the API', () => {
  it('previews an .xlsx sent as "candidats.csv": format, sheets, mapping with samples, ignored columns, first problems; writes nothing', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const file = await workbook({ Notice: [['Lisez-moi']], Candidats: ENGLISH });
    const before = await counts();
    const res = await agent()
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/import/preview`)
      .set(r.auth)
      .field('sheet', 'Candidats')
      .attach('file', file, { filename: 'candidats.csv', contentType: 'text/csv' })
      .expect(200);
    const preview = res.body.data;
    expect(preview).to.include({
      format: 'xlsx',
      encoding: null,
      delimiter: null,
      sheet: 'Candidats',
      checkedRows: 4,
      complete: true,
    });
    expect(preview.sheetNames).to.deep.equal(['Notice', 'Candidats']);
    expect(
      preview.columns.map((c: { header: string; field: string | null; samples: string[] }) => [
        c.header,
        c.field,
        c.samples,
      ]),
    ).to.deep.equal([
      ['First Name', 'prenom', ['Élodie', 'Paul', 'Aïcha']],
      ['Last Name', 'nom', ['Mbarga', 'Biya', 'Bello']],
      ['Email', 'email', ['elodie@example.cm', 'pas-un-email', 'mailto:aicha@example.cm']],
      ['Mobile Phone', 'telephone', ['699112233', '677445566', '6.99999998E+08']],
      ['Skills', 'tags', ['java', 'sql', 'rh']],
      ['Notes', 'notes', ['Très bien']],
      ['Âge', null, ['31', '40', '25']],
    ]);
    expect(preview.ignoredColumns).to.deep.equal([{ position: 7, header: 'Âge' }]);
    expect(preview).to.include({ errorRows: 1, warningRows: 1 });
    expect(
      preview.problems.map((p: { line: number; kind: string; code: string }) => [p.line, p.kind, p.code]),
    ).to.deep.equal([
      [3, 'ERROR', 'EMAIL_INVALID'],
      [4, 'WARNING', 'EMAIL_MAILTO_REMOVED'],
      [4, 'WARNING', 'PHONE_EXCEL_NUMBER'],
    ]);
    // the recruiter's language (French by default)
    expect(preview.problems[2].message).to.equal('Excel a modifié ce numéro : formatez la colonne en Texte');
    expect(await counts()).to.deep.equal(before);
  });

  it('previews French Excel’s CSV with Cameroonian headers: encoding, delimiter, full name split proposed', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const csv = [
      'Noms et Prénoms;Adresse e-mail;Contact;Domaine;Observations',
      'MBARGA Élodie;elodie@example.cm;699112233;BTP;Sérieuse',
    ].join('\r\n');
    const res = await agent()
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/import/preview`)
      .set(r.auth)
      .attach('file', iconv.encode(csv, 'windows-1252'), { filename: 'liste.csv' })
      .expect(200);
    expect(res.body.data).to.include({
      format: 'csv',
      encoding: 'windows-1252',
      delimiter: ';',
      sheet: null,
    });
    expect(res.body.data.columns.map((c: { field: string }) => c.field)).to.deep.equal([
      'nomComplet',
      'email',
      'telephone',
      'tags',
      'notes',
    ]);
    expect(res.body.data.ignoredColumns).to.deep.equal([]);
  });

  it('imports with an explicit mapping and a sheet; the answer and the view list the ignored columns; rows stored byte for byte', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const file = await workbook({ Notice: [['Lisez-moi']], Candidats: ENGLISH });
    const queued = await agent()
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/import`)
      .set(r.auth)
      .field('sheet', '2')
      .field('mapping', JSON.stringify({ Skills: null, Âge: 'notes' }))
      .attach('file', file, { filename: 'candidats.xlsx' })
      .expect(200);
    expect(queued.body.data).to.include({ status: 'QUEUED', format: 'xlsx', sheet: 'Candidats' });
    expect(queued.body.data.ignoredColumns).to.deep.equal([{ position: 5, header: 'Skills' }]);
    const importId = queued.body.data.importId as number;
    await runVivierImport(domainCtx(), importId);
    const view = await agent()
      .get(`/v1/api/recruiters/me/viviers/imports/${importId}`)
      .set(r.auth)
      .expect(200);
    expect(view.body.data).to.include({
      status: 'DONE',
      importedRows: 3,
      errorRows: 1,
      format: 'xlsx',
      sheet: 'Candidats',
    });
    expect(view.body.data.ignoredColumns).to.deep.equal([{ position: 5, header: 'Skills' }]);
    const stored = await testDb()('vivierCandidats')
      .where({ vivierId })
      .orderBy('id')
      .select(
        'email',
        'telephone',
        'tags',
        testDb().raw('HEX(prenom) AS prenom_hex'),
        testDb().raw('HEX(notes) AS notes_hex'),
      );
    expect(
      stored.map((m: { email: string; telephone: string | null }) => [m.email, m.telephone]),
    ).to.deep.equal([
      ['elodie@example.cm', '+237699112233'],
      ['aicha@example.cm', null],
      ['jean@example.cm', '+237655001122'],
    ]);
    const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex').toUpperCase();
    expect(stored[0].prenomHex).to.equal(hex('Élodie'));
    expect(stored[0].notesHex).to.equal(hex('Notes : Très bien\nÂge : 31'));
    expect(stored[1].notesHex).to.equal(hex('25'));
  });

  it('400 for unknown mapping fields (named), an unknown header, an unknown sheet; 415 for a legacy .xls; the same on the preview', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const csv = Buffer.from('Email;Mobile Phone;Âge\r\na@example.cm;699112233;30\r\n');
    for (const path of ['import', 'import/preview']) {
      const url = `/v1/api/recruiters/me/viviers/${vivierId}/${path}`;
      const unknown = await agent()
        .post(url)
        .set(r.auth)
        .field('mapping', '{"Mobile Phone": "portable", "Âge": "age"}')
        .attach('file', csv, { filename: 'a.csv' })
        .expect(400);
      expect(unknown.body.error.details)
        .to.contain('"portable" (pour « Mobile Phone »)')
        .and.contain('"age" (pour « Âge »)');
      const header = await agent()
        .post(url)
        .set(r.auth)
        .field('mapping', '{"Phone": "telephone"}')
        .attach('file', csv, { filename: 'a.csv' })
        .expect(400);
      expect(header.body.error.details).to.contain('le fichier n’a pas : « Phone »');
      const sheet = await agent()
        .post(url)
        .set(r.auth)
        .field('sheet', 'Feuil9')
        .attach('file', await workbook({ Feuil1: [['Email'], ['a@example.cm']] }), { filename: 'a.xlsx' })
        .expect(400);
      expect(sheet.body.error.details).to.contain(
        'Le classeur n’a pas de feuille « Feuil9 » ; ses feuilles : « Feuil1 » (SHEET_NOT_FOUND)',
      );
      const xls = await agent()
        .post(url)
        .set(r.auth)
        .attach('file', Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]), {
          filename: 'a.xls',
        })
        .expect(415);
      expect(xls.body.error.details).to.match(/classeur Excel 97-2003 \(\.xls\)/);
    }
    expect((await testDb()('vivierImports').where({ vivierId })).length).to.equal(0);
  });

  it('the preview of another company’s pool is a 404', async () => {
    const owner = await createRecruteur();
    const other = await createRecruteur();
    const vivierId = await createVivierRow(owner.entrepriseId);
    await agent()
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/import/preview`)
      .set(other.auth)
      .attach('file', Buffer.from('email\na@example.cm\n'), { filename: 'a.csv' })
      .expect(404);
  });
});
