/**
 * The pool import with files LibreOffice Calc saved (test/fixtures/libreoffice, README there): a
 * sheet typed as a recruiter types it (phones as numbers, two numbers in a cell, dates, accents),
 * saved as .xlsx and as .ods (Calc's own format), exported as a Windows-1252 `;` CSV, and saved as
 * .xls, which is refused with how to save it, in the recruiter's language; and a workbook of three
 * sheets Calc saved as .ods (comments, several lines in a cell, double spaces, an empty row).
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

  it('previews and imports the same sheet saved as .ods, read as the .xlsx is', async () => {
    const { r, url } = await pool();
    const preview = await agent()
      .post(`${url}/import/preview`)
      .set(r.auth)
      .attach('file', fixture('membres-libreoffice.ods'), { filename: 'membres.ods' })
      .expect(200);
    expect(preview.body.data).to.deep.include({
      format: 'ods',
      sheet: 'membres-libreoffice',
      sheetNames: ['membres-libreoffice'],
    });
    const columns = preview.body.data.columns as { header: string; samples: string[] }[];
    expect(columns[2].samples[0]).to.equal('699112233');
    expect(columns[4].samples).to.deep.equal(['2024-03-15', '2024-04-01', '2024-05-20']);

    const { view, people } = await importFile(fixture('membres-libreoffice.ods'), 'membres.ods');
    expect(view).to.include({ status: 'DONE', format: 'ods', importedRows: 4, errorRows: 0, warningRows: 1 });
    expect(
      people.map(({ email, prenom, nom, telephone }) => ({ email, prenom, nom, telephone })),
    ).to.deep.equal(PEOPLE);
  });

  it('reads the sheet asked for in a workbook of three, as the recruiter sees it', async () => {
    const { r, url } = await pool();
    const file = fixture('candidats-trois-feuilles.ods');
    // The first sheet is the instructions: no email column, said in French.
    const first = await agent()
      .post(`${url}/import/preview`)
      .set(r.auth)
      .attach('file', file, { filename: 'candidats.ods' })
      .expect(400);
    expect(first.body.error.message).to.equal(
      'La feuille « Notice » n’a pas de colonne « email » en ligne d’en-tête ; colonnes trouvées : ' +
        'Remplir la feuille Candidats. Une ligne par personne. ; choisissez une autre feuille du classeur (sheet) : ' +
        '« Candidats », « Archives »',
    );
    const preview = await agent()
      .post(`${url}/import/preview`)
      .set(r.auth)
      .field('sheet', 'Candidats')
      .attach('file', file, { filename: 'candidats.ods' })
      .expect(200);
    expect(preview.body.data).to.deep.include({
      sheet: 'Candidats',
      sheetNames: ['Notice', 'Candidats', 'Archives'],
    });
    expect(preview.body.data.columns.map((c: { field: string | null }) => c.field)).to.deep.equal([
      'nomComplet',
      'email',
      'telephone',
      null,
      'notes',
      null,
    ]);

    const api = agent();
    const queued = await api
      .post(`${url}/import`)
      .set(r.auth)
      .field('sheet', 'Candidats')
      .attach('file', file, { filename: 'candidats.ods' })
      .expect(200);
    await runVivierImport(domainCtx(), queued.body.data.importId);
    const view = await api
      .get(`/v1/api/recruiters/me/viviers/imports/${queued.body.data.importId}`)
      .set(r.auth)
      .expect(200);
    expect(view.body.data).to.include({ status: 'DONE', importedRows: 4, errorRows: 0 });
    const people = await testDb()('vivierCandidats')
      .where({ importId: queued.body.data.importId })
      .orderBy('id')
      .select('email', 'nom', 'prenom', 'telephone', 'notes');
    expect(people.map((p) => [p.nom, p.prenom, p.telephone])).to.deep.equal([
      ['MBARGA', 'Élise', '+237699112233'],
      ['NGO BAYIHA', 'Françoise', '+237677001122'],
      ['TCHOUPO', 'Jean-Désiré', '+237655443322'],
      ['FOUDA', 'Clément', '+237699001122'],
    ]);
    // Both lines of a cell, and never the comment a recruiter left on a name.
    expect(people[0].notes).to.contain('Très motivée\nDéjà vue en entretien');
    expect(JSON.stringify(people)).to.not.contain('Préfère être appelé');
    // Calc writes a run of spaces as an element of its own: the cell keeps it.
    expect(people[1].notes).to.equal('Disponible  tout de suite');
  });

  it('imports the `;` CSV it exports in Windows-1252, accents and all', async () => {
    const { view, people } = await importFile(fixture('membres-libreoffice-1252.csv'), 'membres.csv');
    expect(view).to.include({ status: 'DONE', importedRows: 4, errorRows: 0 });
    expect(
      people.map(({ email, prenom, nom, telephone }) => ({ email, prenom, nom, telephone })),
    ).to.deep.equal(PEOPLE);
  });

  it('refuses its .xls with how to save it, in French or in English, and stores nothing', async () => {
    const { r, vivierId, url } = await pool();
    const send = (file: string, lang?: string) => {
      const req = agent().post(`${url}/import`).set(r.auth);
      if (lang) req.set('Accept-Language', lang);
      return req.attach('file', fixture(file), { filename: file }).expect(415);
    };
    const xls = await send('membres-libreoffice.xls');
    expect(xls.body.error.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
    expect(xls.body.error.message).to.equal(
      'Ce fichier est un classeur Excel 97-2003 (.xls), qui ne peut pas être importé : ouvrez-le dans Excel, ' +
        'LibreOffice ou Google Sheets et enregistrez-le en « Classeur Excel (.xlsx) » ou en « CSV UTF-8 »',
    );
    expect(xls.body.message).to.equal(xls.body.error.message);
    const xlsEn = await send('membres-libreoffice.xls', 'en');
    expect(xlsEn.body.error.message).to.equal(
      'This is a legacy Excel 97-2003 workbook (.xls), which cannot be imported: open it in Excel, LibreOffice or ' +
        'Google Sheets and save it as "Excel Workbook (.xlsx)" or "CSV UTF-8"',
    );
    expect(xlsEn.body.error.details).to.contain(xlsEn.body.error.message);
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
