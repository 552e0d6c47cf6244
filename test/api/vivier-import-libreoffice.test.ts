/**
 * The pool import with files LibreOffice Calc saved (test/fixtures/libreoffice, README there): a
 * sheet typed as a recruiter types it (phones as numbers, two numbers in a cell, dates, accents),
 * saved as .xlsx, exported as a Windows-1252 `;` CSV, and saved as .ods and .xls, which are refused
 * with how to save them, in the recruiter's language.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { runVivierImport } from '../../domain/viviers/run-vivier-import.ts';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createRecruteur } from '../helpers/factories.ts';
import { createVivierRow } from '../helpers/vivier-factories.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/libreoffice/${name}`, import.meta.url));

const PEOPLE = [
  { email: 'elise.mbarga@example.cm', prenom: 'Élise', nom: 'MBARGA', telephone: '+237699112233' },
  { email: 'f.ngobayiha@example.cm', prenom: 'Françoise', nom: 'NGO BAYIHA', telephone: '+237677001122' },
  { email: 'jd.tchoupo@example.cm', prenom: 'Jean-Désiré', nom: 'TCHOUPO', telephone: '+237655443322' },
  { email: 'clement.fouda@exemple', prenom: 'Clément', nom: 'FOUDA', telephone: '+237699001122' },
];

async function pool() {
  const r = await createRecruteur();
  const vivierId = await createVivierRow(r.entrepriseId);
  return { r, vivierId, url: `/v1/api/recruiters/me/viviers/${vivierId}` };
}

async function importFile(file: Buffer, filename: string) {
  const { r, vivierId, url } = await pool();
  const api = agent();
  const res = await api.post(`${url}/import`).set(r.auth).attach('file', file, { filename }).expect(200);
  const importId = res.body.data.importId as number;
  await runVivierImport(domainCtx(), importId);
  const view = await api.get(`/v1/api/recruiters/me/viviers/imports/${importId}`).set(r.auth).expect(200);
  const people = await testDb()('vivierCandidats')
    .where({ vivierId })
    .orderBy('id')
    .select('email', 'prenom', 'nom', 'telephone', 'notes');
  return { view: view.body.data, people };
}

describe('Talent pools: files saved by LibreOffice Calc', () => {
  it('previews and imports the .xlsx: phones typed as numbers, a date column, two numbers in a cell', async () => {
    const { r, url } = await pool();
    const preview = await agent()
      .post(`${url}/import/preview`)
      .set(r.auth)
      .attach('file', fixture('membres-libreoffice.xlsx'), { filename: 'membres.xlsx' })
      .expect(200);
    const columns = preview.body.data.columns as {
      header: string;
      field: string | null;
      samples: string[];
    }[];
    expect(preview.body.data.format).to.equal('xlsx');
    expect(columns.map((c) => c.field)).to.deep.equal([
      'nom',
      'prenom',
      'telephone',
      'email',
      null,
      'tags',
      'notes',
    ]);
    expect(columns[2].samples[0]).to.equal('699112233');
    expect(columns[4]).to.deep.include({
      header: 'Disponible le',
      samples: ['2024-03-15', '2024-04-01', '2024-05-20'],
    });

    const { view, people } = await importFile(fixture('membres-libreoffice.xlsx'), 'membres.xlsx');
    expect(view).to.include({ status: 'DONE', importedRows: 4, errorRows: 0, warningRows: 1 });
    expect(view.warnings.map((w: { line: number; code: string }) => [w.line, w.code])).to.deep.equal([
      [4, 'PHONE_SECOND_NUMBER_IN_NOTES'],
    ]);
    expect(
      people.map(({ email, prenom, nom, telephone }) => ({ email, prenom, nom, telephone })),
    ).to.deep.equal(PEOPLE);
    expect(people[2].notes).to.contain('+237699887766');
  });

  it('imports the `;` CSV it exports in Windows-1252, accents and all', async () => {
    const { view, people } = await importFile(fixture('membres-libreoffice-1252.csv'), 'membres.csv');
    expect(view).to.include({ status: 'DONE', importedRows: 4, errorRows: 0 });
    expect(
      people.map(({ email, prenom, nom, telephone }) => ({ email, prenom, nom, telephone })),
    ).to.deep.equal(PEOPLE);
  });

  it('refuses its .ods and .xls with how to save them, in French or in English, and stores nothing', async () => {
    const { r, vivierId, url } = await pool();
    const send = (file: string, lang?: string) => {
      const req = agent().post(`${url}/import`).set(r.auth);
      if (lang) req.set('Accept-Language', lang);
      return req.attach('file', fixture(file), { filename: file }).expect(415);
    };
    const ods = await send('membres-libreoffice.ods');
    expect(ods.body.error.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
    expect(ods.body.error.message).to.equal(
      'Ce fichier est un classeur OpenDocument (.ods) : ouvrez-le dans Excel, LibreOffice ou Google Sheets et ' +
        'enregistrez-le en « Classeur Excel (.xlsx) » ou en « CSV UTF-8 »',
    );
    expect(ods.body.message).to.equal(ods.body.error.message);
    const odsEn = await send('membres-libreoffice.ods', 'en');
    expect(odsEn.body.error.message).to.equal(
      'This is an OpenDocument spreadsheet (.ods): open it in Excel, LibreOffice or Google Sheets and save it as ' +
        '"Excel Workbook (.xlsx)" or "CSV UTF-8"',
    );
    expect(odsEn.body.error.details).to.contain(odsEn.body.error.message);
    const xls = await send('membres-libreoffice.xls');
    expect(xls.body.error.message).to.match(/^Ce fichier est un classeur Excel 97-2003 \(\.xls\)/);
    const stored = await testDb()('vivierImports').where({ vivierId }).count({ n: '*' });
    expect(Number(stored[0].n)).to.equal(0);
  });

  it('says in French what a sheet lacks: a header without email column is a 400 naming the columns found', async () => {
    const { r, url } = await pool();
    const csv = 'Nom;Prénom;Téléphone\nMBARGA;Élise;699112233\n';
    const res = await agent()
      .post(`${url}/import/preview`)
      .set(r.auth)
      .attach('file', Buffer.from(csv), { filename: 'membres.csv' })
      .expect(400);
    expect(res.body.error.code).to.equal('VALIDATION_ERROR');
    expect(res.body.error.message).to.equal(
      'L’en-tête (ligne 1) n’a pas de colonne « email » ; colonnes trouvées : Nom, Prénom, Téléphone',
    );
  });
});
