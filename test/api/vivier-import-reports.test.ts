/**
 * Reports of talent-pool imports a recruiter can act on: per-line codes with messages in French and
 * English, the whole report as a CSV file (parsed back with csv-parse, formula cells neutralised),
 * exact counts past the 1,000 listed, the pool's imports newest first, and the upload limit in OpenAPI.
 */
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import type { Response } from 'supertest';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createRecruteur, type TestRecruteur } from '../helpers/factories.ts';
import { createVivierRow, queueImportRow } from '../helpers/vivier-factories.ts';
import { binaryParser } from '../helpers/profile-factories.ts';
import { runVivierImport } from '../../domain/viviers/run-vivier-import.ts';
import { MAX_IMPORT_BYTES } from '../../domain/viviers/queue-vivier-import.ts';

/** The body as bytes, whatever its content type. */
function bytes(res: Response): Buffer {
  return res.body as Buffer;
}

function report(r: TestRecruteur, vivierId: number, importId: number, lang: string, query = '') {
  return agent()
    .get(`/v1/api/recruiters/me/viviers/${vivierId}/imports/${importId}/report.csv${query}`)
    .set(r.auth)
    .set('Accept-Language', lang)
    .buffer(true)
    .parse(binaryParser);
}

/** The report's rows, parsed the way a spreadsheet reads it (BOM checked and removed). */
function rowsOf(res: Response, delimiter: string): string[][] {
  const body = bytes(res);
  expect([...body.subarray(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
  return parse(body.subarray(3).toString('utf8'), { delimiter, record_delimiter: '\r\n' }) as string[][];
}

// Each line names what it checks; the header is line 1.
const MIXED_CSV = [
  'email;nom;prenom;telephone;tags;notes',
  'ok1@example.cm;Mbarga;Aline;699112233;;', // 2: imported
  '"=HYPERLINK(""http://evil"")";A;B;;;', // 3: invalid email, a formula
  '+237pasunemail;A;B;;;', // 4: invalid email starting with +
  '-moins;A;B;;;', // 5: invalid email starting with -
  '@arobase;A;B;;;', // 6: invalid email starting with @
  'ok2@example.cm;;;6.99999998E+08;;', // 7: Excel number, left out
  'OK1@example.cm;;;;;', // 8: duplicate email of line 2
  'mailto:ok3@example.cm;;;+237 abc;;', // 9: mailto: removed, phone left out
  ';Sans;Email;;;', // 10: email missing
  'autre@example.cm;;;699 11 22 33;;', // 11: duplicate phone of line 2
].join('\r\n');

async function mixedImport() {
  const r = await createRecruteur();
  const vivierId = await createVivierRow(r.entrepriseId);
  const importId = await queueImportRow(vivierId, `${MIXED_CSV}\r\n`);
  const progress = await runVivierImport(domainCtx(), importId);
  expect(progress).to.include({
    status: 'DONE',
    totalRows: 10,
    importedRows: 3,
    duplicateRows: 2,
    errorRows: 5,
    warningRows: 2,
  });
  return { r, vivierId, importId };
}

describe('Talent-pool import reports', function () {
  this.timeout(120000);

  it('the import view gives each error and warning as a code with params, its message in the language asked', async () => {
    const { r, importId } = await mixedImport();
    const url = `/v1/api/recruiters/me/viviers/imports/${importId}`;
    const en = (await agent().get(url).set(r.auth).set('Accept-Language', 'en').expect(200)).body.data;
    expect(en.errors).to.deep.equal([
      {
        line: 3,
        code: 'EMAIL_INVALID',
        params: { value: '=HYPERLINK("http://evil")' },
        column: 'email',
        message: 'invalid email "=HYPERLINK("http://evil")"',
      },
      {
        line: 4,
        code: 'EMAIL_INVALID',
        params: { value: '+237pasunemail' },
        column: 'email',
        message: 'invalid email "+237pasunemail"',
      },
      {
        line: 5,
        code: 'EMAIL_INVALID',
        params: { value: '-moins' },
        column: 'email',
        message: 'invalid email "-moins"',
      },
      {
        line: 6,
        code: 'EMAIL_INVALID',
        params: { value: '@arobase' },
        column: 'email',
        message: 'invalid email "@arobase"',
      },
      { line: 10, code: 'EMAIL_MISSING', params: {}, column: 'email', message: 'email is missing' },
    ]);
    expect(en.warnings).to.deep.equal([
      {
        line: 7,
        code: 'PHONE_EXCEL_NUMBER',
        params: { value: '6.99999998E+08' },
        column: 'telephone',
        message: 'Excel changed this number: format the column as Text',
      },
      {
        line: 9,
        code: 'EMAIL_MAILTO_REMOVED',
        params: { value: 'mailto:ok3@example.cm' },
        column: 'email',
        message: '"mailto:" removed from the email',
      },
      {
        line: 9,
        code: 'PHONE_INVALID',
        params: { value: '+237 abc' },
        column: 'telephone',
        message: 'telephone "+237 abc" is not a phone number: left out',
      },
    ]);
    const fr = (await agent().get(url).set(r.auth).set('Accept-Language', 'fr').expect(200)).body.data;
    expect(fr.errors.map((e: { message: string }) => e.message)).to.deep.equal([
      'email invalide « =HYPERLINK("http://evil") »',
      'email invalide « +237pasunemail »',
      'email invalide « -moins »',
      'email invalide « @arobase »',
      'email manquant',
    ]);
    expect(fr.warnings.map((w: { message: string }) => w.message)).to.deep.equal([
      'Excel a modifié ce numéro : formatez la colonne en Texte',
      '« mailto: » retiré de l’email',
      'le téléphone « +237 abc » n’est pas un numéro : valeur ignorée',
    ]);
    // The codes and params are what was stored: no sentence in the database.
    const row = await testDb()('vivierImports').where({ id: importId }).first('errors');
    const stored = typeof row.errors === 'string' ? JSON.parse(row.errors) : row.errors;
    expect(stored[0]).to.deep.equal({
      line: 3,
      code: 'EMAIL_INVALID',
      params: { value: '=HYPERLINK("http://evil")' },
      column: 'email',
    });
  });

  it('report.csv lists every error, warning and duplicate by line, neutralised, in French then in English', async () => {
    const { r, vivierId, importId } = await mixedImport();
    const fr = await report(r, vivierId, importId, 'fr').expect(200);
    expect(fr.headers['content-type']).to.equal('text/csv; charset=utf-8');
    expect(fr.headers['content-disposition']).to.equal(
      `attachment; filename="import-${importId}-rapport.csv"; filename*=UTF-8''import-${importId}-rapport.csv`,
    );
    expect(fr.headers['cache-control']).to.equal('private, no-store');
    expect(rowsOf(fr, ';')).to.deep.equal([
      ['ligne', 'type', 'code', 'colonne', 'valeur', 'motif'],
      [
        '3',
        'erreur',
        'EMAIL_INVALID',
        'email',
        `'=HYPERLINK("http://evil")`,
        'email invalide « =HYPERLINK("http://evil") »',
      ],
      ['4', 'erreur', 'EMAIL_INVALID', 'email', "'+237pasunemail", 'email invalide « +237pasunemail »'],
      ['5', 'erreur', 'EMAIL_INVALID', 'email', "'-moins", 'email invalide « -moins »'],
      ['6', 'erreur', 'EMAIL_INVALID', 'email', "'@arobase", 'email invalide « @arobase »'],
      [
        '7',
        'avertissement',
        'PHONE_EXCEL_NUMBER',
        'telephone',
        '6.99999998E+08',
        'Excel a modifié ce numéro : formatez la colonne en Texte',
      ],
      [
        '8',
        'doublon',
        'DUPLICATE_EMAIL',
        'email',
        'ok1@example.cm',
        'doublon : cet email est déjà dans le vivier (ou sur une ligne précédente)',
      ],
      [
        '9',
        'avertissement',
        'EMAIL_MAILTO_REMOVED',
        'email',
        'mailto:ok3@example.cm',
        '« mailto: » retiré de l’email',
      ],
      [
        '9',
        'avertissement',
        'PHONE_INVALID',
        'telephone',
        "'+237 abc",
        'le téléphone « +237 abc » n’est pas un numéro : valeur ignorée',
      ],
      ['10', 'erreur', 'EMAIL_MISSING', 'email', '', 'email manquant'],
      [
        '11',
        'doublon',
        'DUPLICATE_PHONE',
        'telephone',
        "'+237699112233",
        'doublon : ce téléphone est déjà dans le vivier (ou sur une ligne précédente)',
      ],
    ]);
    // No cell of the file starts a formula.
    for (const cell of rowsOf(fr, ';').flat()) expect(cell).not.to.match(/^[=+\-@\t\r]/);

    const en = await report(r, vivierId, importId, 'en').expect(200);
    expect(en.headers['content-disposition']).to.contain(`import-${importId}-report.csv`);
    const enRows = rowsOf(en, ',');
    expect(enRows[0]).to.deep.equal(['line', 'kind', 'code', 'column', 'value', 'reason']);
    expect(enRows.slice(1).map((row) => [row[0], row[1], row[5]])).to.deep.equal([
      ['3', 'error', 'invalid email "=HYPERLINK("http://evil")"'],
      ['4', 'error', 'invalid email "+237pasunemail"'],
      ['5', 'error', 'invalid email "-moins"'],
      ['6', 'error', 'invalid email "@arobase"'],
      ['7', 'warning', 'Excel changed this number: format the column as Text'],
      ['8', 'duplicate', 'duplicate: this email is already in the pool (or on an earlier line)'],
      ['9', 'warning', '"mailto:" removed from the email'],
      ['9', 'warning', 'telephone "+237 abc" is not a phone number: left out'],
      ['10', 'error', 'email is missing'],
      ['11', 'duplicate', 'duplicate: this phone number is already in the pool (or on an earlier line)'],
    ]);
    // The separator may be chosen whatever the language.
    const enSemicolon = await report(r, vivierId, importId, 'en', '?separator=semicolon').expect(200);
    expect(rowsOf(enSemicolon, ';')).to.deep.equal(enRows);
    await report(r, vivierId, importId, 'en', '?separator=tab').expect(400);
  });

  it('counts and lists every error past the 1,000 the view keeps (small batches, a crash), in one report', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const bad = 1234;
    const lines = ['email,nom'];
    for (let i = 0; i < bad; i++) lines.push(`pas-un-email-${i},N${i}`);
    lines.push('bon@example.cm,Bon');
    const importId = await queueImportRow(vivierId, `${lines.join('\n')}\n`);
    // A crash after the fifth batch: the resumed run writes no line's issue twice.
    let batches = 0;
    const crash = await runVivierImport(domainCtx(), importId, {
      batchSize: 100,
      onBatch: () => {
        batches += 1;
        if (batches === 5) throw new Error('simulated crash');
      },
    }).catch((err: unknown) => err);
    expect(String(crash)).to.contain('simulated crash');
    expect(await testDb()('vivierImportIssues').where({ importId }).count({ n: '*' }).first()).to.deep.equal({
      n: 500,
    });
    const progress = await runVivierImport(domainCtx(), importId, { batchSize: 100 });
    expect(progress).to.include({ status: 'DONE', totalRows: bad + 1, errorRows: bad, importedRows: 1 });
    const view = (
      await agent().get(`/v1/api/recruiters/me/viviers/imports/${importId}`).set(r.auth).expect(200)
    ).body.data;
    expect(view.errorRows).to.equal(bad);
    expect(view.errors).to.have.length(1000);
    const rows = rowsOf(await report(r, vivierId, importId, 'en').expect(200), ',').slice(1);
    expect(rows).to.have.length(bad);
    rows.forEach((row, i) => {
      expect(row).to.deep.equal([
        String(i + 2),
        'error',
        'EMAIL_INVALID',
        'email',
        `pas-un-email-${i}`,
        `invalid email "pas-un-email-${i}"`,
      ]);
    });
  });

  it('an import stored before codes (messages only) still shows, in its view and its report', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const [importId] = await testDb()('vivierImports').insert({
      vivierId,
      status: 'DONE',
      totalRows: 3,
      importedRows: 2,
      errorRows: 1,
      warningRows: 1,
      errors: JSON.stringify([{ line: 3, message: 'invalid email "x"' }]),
      warnings: JSON.stringify([
        { line: 2, code: 'PHONE_INVALID', message: 'telephone "abc" is not a phone number: left out' },
      ]),
    });
    const view = (
      await agent()
        .get(`/v1/api/recruiters/me/viviers/imports/${importId}`)
        .set(r.auth)
        .set('Accept-Language', 'fr')
        .expect(200)
    ).body.data;
    expect(view.errors).to.deep.equal([
      { line: 3, code: null, params: {}, column: null, message: 'invalid email "x"' },
    ]);
    expect(view.warnings).to.deep.equal([
      {
        line: 2,
        code: 'PHONE_INVALID',
        params: {},
        column: null,
        message: 'telephone "abc" is not a phone number: left out',
      },
    ]);
    const rows = rowsOf(await report(r, vivierId, importId, 'fr').expect(200), ';');
    expect(rows.slice(1)).to.deep.equal([
      ['2', 'avertissement', 'PHONE_INVALID', '', '', 'telephone "abc" is not a phone number: left out'],
      ['3', 'erreur', '', '', '', 'invalid email "x"'],
    ]);
  });

  it('lists the pool’s imports newest first, paginated; another company gets 404 for the list and the report', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const other = await createVivierRow(r.entrepriseId, 'Autre vivier');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await queueImportRow(vivierId, 'email\na@example.cm\n'));
    const otherImport = await queueImportRow(other, 'email\nb@example.cm\n');
    // The second is the newest, the third the oldest: the order is by creation, not by id.
    const at = (iso: string) => new Date(iso);
    await testDb()('vivierImports')
      .where({ id: ids[0] })
      .update({ createdAt: at('2026-01-02T10:00:00Z') });
    await testDb()('vivierImports')
      .where({ id: ids[1] })
      .update({ createdAt: at('2026-01-03T10:00:00Z') });
    await testDb()('vivierImports')
      .where({ id: ids[2] })
      .update({ createdAt: at('2026-01-01T10:00:00Z') });
    await runVivierImport(domainCtx(), ids[1]);
    const url = `/v1/api/recruiters/me/viviers/${vivierId}/imports`;
    const first = (await agent().get(`${url}?size=2`).set(r.auth).expect(200)).body;
    expect(first.page).to.deep.equal({ size: 2, number: 0, totalElements: 3, totalPages: 2 });
    expect(first.content.map((i: { importId: number }) => i.importId)).to.deep.equal([ids[1], ids[0]]);
    expect(first.content[0]).to.deep.include({
      importId: ids[1],
      vivierId,
      status: 'DONE',
      fileName: null,
      totalRows: 1,
      importedRows: 1,
      duplicateRows: 0,
      errorRows: 0,
      warningRows: 0,
      failureMessage: null,
    });
    expect(first.content[1]).to.include({ status: 'QUEUED', startedAt: null, finishedAt: null });
    const second = (await agent().get(`${url}?size=2&page=1`).set(r.auth).expect(200)).body;
    expect(second.content.map((i: { importId: number }) => i.importId)).to.deep.equal([ids[2]]);
    const oldest = (await agent().get(`${url}?sort=createdAt,asc`).set(r.auth).expect(200)).body;
    expect(oldest.content.map((i: { importId: number }) => i.importId)).to.deep.equal([
      ids[2],
      ids[0],
      ids[1],
    ]);

    const stranger = await createRecruteur();
    const notFound = await agent().get(url).set(stranger.auth).expect(404);
    expect(notFound.body.error.code).to.equal('NOT_FOUND');
    await report(stranger, vivierId, ids[1], 'fr').expect(404);
    // An import of another pool, even of the same company, is not found under this one.
    await report(r, vivierId, otherImport, 'fr').expect(404);
    await agent().get(url).expect(401);
  });

  it('the single add answers its 400 in the caller’s language, the field in details', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const url = `/v1/api/recruiters/me/viviers/${vivierId}/candidats`;
    const badEmail = await agent().post(url).set(r.auth).send({ email: 'nope' }).expect(400);
    expect(badEmail.body.error).to.include({
      code: 'VALIDATION_ERROR',
      details: 'Personne non ajoutée au vivier : email invalide « nope » (body.email)',
    });
    const badPhone = await agent()
      .post(url)
      .set(r.auth)
      .send({ email: 'x@example.cm', telephone: 'abc' })
      .expect(400);
    expect(badPhone.body.error.details).to.equal(
      'Personne non ajoutée au vivier : téléphone invalide « abc » (body.telephone)',
    );
    expect(badEmail.body.error.message).to.equal('Personne non ajoutée au vivier : email invalide « nope »');
    const english = await agent().post(url).set(r.auth).set('Accept-Language', 'en').send({ email: 'nope' });
    expect(english.body.error).to.include({
      message: 'Pool member not added: invalid email "nope"',
      details: 'Pool member not added: invalid email "nope" (body.email)',
    });
  });

  it('OpenAPI states the upload limit and the 413’s message (the 413 itself: vivier-import-upload.test.ts)', async () => {
    const doc = (await agent().get('/v1/api/openapi.json').expect(200)).body;
    const described =
      doc.paths['/v1/api/recruiters/me/viviers/{id}/import'].post.responses['413'].description;
    expect(described)
      .to.contain('200 MB')
      .and.contain(`Fichier trop volumineux : 200 Mo au plus (${MAX_IMPORT_BYTES} octets)`);
    const reportOp = doc.paths['/v1/api/recruiters/me/viviers/{id}/imports/{importId}/report.csv'].get;
    expect(Object.keys(reportOp.responses['200'].content)).to.deep.equal(['text/csv']);
    expect(doc.paths['/v1/api/recruiters/me/viviers/{id}/imports'].get.summary).to.equal(
      'Imports of a talent pool',
    );
  });
});
