/**
 * The pool API with spreadsheet files and pasted emails: the upload check accepts text in the
 * encodings spreadsheet programs write (Windows-1252, UTF-16 with BOM) and still refuses binaries;
 * the import's view lists and counts warnings; workbook dates are read as dates; a single add
 * cleans the email with the same rule.
 */
import { expect } from 'chai';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { runVivierImport } from '../../domain/viviers/run-vivier-import.ts';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createRecruteur } from '../helpers/factories.ts';
import { createVivierRow } from '../helpers/vivier-factories.ts';

describe('Talent pools: spreadsheet files and pasted emails through the API', () => {
  it('accepts French Excel’s Windows-1252 `;` file with an accent on line 1 (was a 415), and the view shows warnings', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const csv = [
      'Prénom;Nom;E-mail;Téléphone',
      'Élodie;Mbarga;mailto:elodie@example.cm;6.99999998E+08',
      'Aïcha;Bello;aicha@example.cm;',
    ].join('\r\n');
    const api = agent();
    const res = await api
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/import`)
      .set(r.auth)
      .attach('file', iconv.encode(csv, 'windows-1252'), {
        filename: 'candidats.csv',
        contentType: 'text/csv',
      })
      .expect(200);
    const importId = res.body.data.importId as number;
    await runVivierImport(domainCtx(), importId);
    const done = await api.get(`/v1/api/recruiters/me/viviers/imports/${importId}`).set(r.auth).expect(200);
    expect(done.body.data).to.include({ status: 'DONE', importedRows: 2, errorRows: 0, warningRows: 1 });
    expect(
      done.body.data.warnings.map((w: { line: number; code: string }) => [w.line, w.code]),
    ).to.deep.equal([
      [2, 'EMAIL_MAILTO_REMOVED'],
      [2, 'PHONE_EXCEL_NUMBER'],
    ]);
    const people = await testDb()('vivierCandidats')
      .where({ vivierId })
      .orderBy('id')
      .select('email', 'prenom');
    expect(people).to.deep.equal([
      { email: 'elodie@example.cm', prenom: 'Élodie' },
      { email: 'aicha@example.cm', prenom: 'Aïcha' },
    ]);
  });

  it('accepts Excel’s "Texte Unicode" (UTF-16 LE, BOM, TAB) and refuses binaries (415) and UTF-16 without an email column (400)', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const url = `/v1/api/recruiters/me/viviers/${vivierId}/import`;
    const api = agent();
    const utf16 = (text: string) =>
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')]);
    await api
      .post(url)
      .set(r.auth)
      .attach('file', utf16('E-mail\tPrénom\r\nb@example.cm\tBérénice\r\n'), { filename: 'a.txt' })
      .expect(200);
    const header = await api
      .post(url)
      .set(r.auth)
      .attach('file', utf16('Nom\tPrénom\r\nX\tY\r\n'), { filename: 'a.txt' })
      .expect(400);
    expect(header.body.error.details).to.match(/pas de colonne « email » ; colonnes trouvées : Nom, Prénom/);
    const pdfLike = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0x01, 0x02, 0x03, 0x04, 0x05])]);
    const binary = await api.post(url).set(r.auth).attach('file', pdfLike, { filename: 'a.csv' }).expect(415);
    expect(binary.body.error.details).to.match(/contenu binaire/);
  });

  it('reads an .xlsx date column mapped to the notes as ISO dates, never as Excel serial numbers (workbook written by exceljs)', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Candidats');
    sheet.addRow(['E-mail', 'Nom', 'Disponibilité', 'Entretien', 'Âge']);
    const rows: [string, string, Date, Date, number][] = [
      [
        'awa@example.cm',
        'Fotso',
        new Date(Date.UTC(2024, 2, 15)),
        new Date(Date.UTC(2024, 2, 20, 8, 30)),
        31,
      ],
      [
        'paul@example.cm',
        'Biya',
        new Date(Date.UTC(1999, 11, 31)),
        new Date(Date.UTC(2025, 0, 2, 17, 5, 9)),
        28,
      ],
    ];
    for (const values of rows) {
      const row = sheet.addRow(values);
      // As French Excel formats them: a date, and a date with its time.
      row.getCell(3).numFmt = 'dd/mm/yyyy';
      row.getCell(4).numFmt = 'dd/mm/yyyy hh:mm';
    }
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const mapping = JSON.stringify({ Disponibilité: 'notes', Entretien: 'notes' });
    const api = agent();
    const url = `/v1/api/recruiters/me/viviers/${vivierId}/import`;
    const preview = await api
      .post(`${url}/preview`)
      .set(r.auth)
      .field('mapping', mapping)
      .attach('file', file, { filename: 'candidats.xlsx' })
      .expect(200);
    const samples = Object.fromEntries(
      (preview.body.data.columns as { header: string; samples: string[] }[]).map((c) => [
        c.header,
        c.samples,
      ]),
    );
    expect(samples).to.deep.include({
      Disponibilité: ['2024-03-15', '1999-12-31'],
      Entretien: ['2024-03-20T08:30:00', '2025-01-02T17:05:09'],
      // A number that is not formatted as a date stays a number.
      Âge: ['31', '28'],
    });
    const queued = await api
      .post(url)
      .set(r.auth)
      .field('mapping', mapping)
      .attach('file', file, { filename: 'candidats.xlsx' })
      .expect(200);
    await runVivierImport(domainCtx(), queued.body.data.importId as number);
    const people = await testDb()('vivierCandidats')
      .where({ vivierId })
      .orderBy('id')
      .select('email', 'notes');
    expect(people).to.deep.equal([
      { email: 'awa@example.cm', notes: 'Disponibilité : 2024-03-15\nEntretien : 2024-03-20T08:30:00' },
      { email: 'paul@example.cm', notes: 'Disponibilité : 1999-12-31\nEntretien : 2025-01-02T17:05:09' },
    ]);
  });

  it('a single add cleans a pasted email with the same rule, so the cleaned twin is a 409', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const url = `/v1/api/recruiters/me/viviers/${vivierId}/candidats`;
    const api = agent();
    const added = await api
      .post(url)
      .set(r.auth)
      .send({ email: ' <mailto:Paul.Biya@Example.CM.>\u200B' })
      .expect(200);
    expect(added.body.data.email).to.equal('paul.biya@example.cm');
    const twin = await api.post(url).set(r.auth).send({ email: 'paul.biya@example.cm' }).expect(409);
    expect(twin.body.error.code).to.equal('ALREADY_IN_POOL');
    await api.post(url).set(r.auth).send({ email: 'paul@localhost..cm' }).expect(400);
  });
});
