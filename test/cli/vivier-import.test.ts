import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { IMPORT_BATCH_SIZE } from '../../domain/viviers/run-vivier-import.ts';
import { testDb } from '../helpers/env.ts';
import { createRecruteur } from '../helpers/factories.ts';
import { addMemberRow, createVivierRow, poolEmails } from '../helpers/vivier-factories.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { runBinary, parseJson } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { agent } from '../helpers/app.ts';

const CLI_ACTOR = `cli:${os.userInfo().username}`;

/** A workbook as a spreadsheet program writes it (exceljs, a library we did not write). */
async function workbook(sheets: Record<string, (string | number | null)[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = wb.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Rows that say what imports write: import rows, stored files, pool members. */
async function written(vivierId: number) {
  const count = async (table: string, where: Record<string, unknown>) =>
    Number((await testDb()(table).where(where).count({ n: '*' }).first())!.n);
  return {
    imports: await count('vivierImports', { vivierId }),
    files: await count('files', { purpose: 'IMPORT' }),
    members: await count('vivierCandidats', { vivierId }),
  };
}

describe('CLI: recrutement vivier import', function () {
  this.timeout(60000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cli-vivier-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  function csv(name: string, content: string): string {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  }

  it('imports now and prints the counts and the report’s lines (--json), on behalf of the company, audited as the CLI', async () => {
    const recruteur = await createRecruteur();
    const vivierId = await createVivierRow(recruteur.entrepriseId);
    const known = uniqueEmail('deja');
    await addMemberRow(vivierId, known);
    const a = uniqueEmail('a');
    const b = uniqueEmail('b');
    const file = csv(
      'pool.csv',
      `email;nom;prenom;tags\n${a};Mbarga;Aline;java,sql\npas-un-email;X;Y;\n${known};Déjà;Là;\n${b};Ndongo;Paul;\n`,
    );
    const r = await runInProcess(['vivier', 'import', String(vivierId), file, '--json']);
    expect(r.code, r.stderr).to.equal(0);
    const out = parseJson<Record<string, unknown>>(r);
    expect(out).to.deep.equal({
      importId: out.importId,
      status: 'DONE',
      totalRows: 4,
      importedRows: 2,
      duplicateRows: 1,
      errorRows: 1,
      warningRows: 0,
      ignoredColumns: [],
      // In the recruiter's language (French by default): the refused line, then the duplicate.
      lines: [
        {
          line: 3,
          kind: 'ERROR',
          code: 'EMAIL_INVALID',
          column: 'email',
          value: 'pas-un-email',
          reason: 'email invalide « pas-un-email »',
        },
        {
          line: 4,
          kind: 'DUPLICATE',
          code: 'DUPLICATE_EMAIL',
          column: 'email',
          value: known,
          reason: 'doublon : cet email est déjà dans le vivier (ou sur une ligne précédente)',
        },
      ],
      moreLines: 0,
      failureMessage: null,
    });
    expect(r.stderr).to.equal('');
    expect(await poolEmails(vivierId)).to.deep.equal([a, b, known].sort());
    const row = await testDb()('vivierImports').where({ id: out.importId }).first();
    expect(row).to.include({ status: 'DONE', createdBy: recruteur.id, vivierId });
    const [audit] = await testDb()('auditLogs').where({
      action: 'vivier.import',
      targetId: String(vivierId),
    });
    expect(audit).to.include({ actorType: 'system', actorId: CLI_ACTOR });
  });

  it('lists errors, warnings and duplicates in the account’s language, and writes the whole report with --report', async () => {
    const recruteur = await createRecruteur();
    await testDb()('accounts').where({ id: recruteur.id }).update({ langue: 'en' });
    const vivierId = await createVivierRow(recruteur.entrepriseId);
    const known = uniqueEmail('deja');
    await addMemberRow(vivierId, known);
    // 25 refused lines, then a warning and a duplicate: more than the 20 the table shows.
    const bad = Array.from({ length: 25 }, (_, i) => `=bad${i};X`);
    const file = csv(
      'mixed.csv',
      ['email;telephone', ...bad, `${uniqueEmail('w')};6.99999998E+08`, `${known};`, ''].join('\n'),
    );
    const reportFile = path.join(dir, 'rapport.csv');
    const r = await runInProcess(['vivier', 'import', String(vivierId), file, '--report', reportFile]);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout).to.match(/DONE\s*│ 27\s*│ 1\s*│ 1\s*│ 25\s*│ 1/);
    expect(r.stdout).to.contain('invalid email "=bad0"').and.contain('invalid email "=bad19"');
    expect(r.stdout).not.to.contain('"=bad20"');
    expect(r.stdout).to.contain(`... and 7 more (all in ${reportFile})`);

    const json = await runInProcess([
      'vivier',
      'import',
      String(vivierId),
      csv(
        'again.csv',
        ['email;telephone', ...bad, `${uniqueEmail('w')};6.99999998E+08`, `${known};`].join('\n'),
      ),
      '--json',
    ]);
    const out = parseJson<{ lines: { line: number; kind: string; reason: string }[]; moreLines: number }>(
      json,
    );
    expect(out.moreLines).to.equal(0);
    expect(out.lines.slice(-2)).to.deep.equal([
      {
        line: 27,
        kind: 'WARNING',
        code: 'PHONE_EXCEL_NUMBER',
        column: 'telephone',
        value: '6.99999998E+08',
        reason: 'Excel changed this number: format the column as Text',
      },
      {
        line: 28,
        kind: 'DUPLICATE',
        code: 'DUPLICATE_EMAIL',
        column: 'email',
        value: known,
        reason: 'duplicate: this email is already in the pool (or on an earlier line)',
      },
    ]);

    // The file is the API's report.csv: BOM, English (the account's language), neutralised cells.
    const written = readFileSync(reportFile);
    expect([...written.subarray(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
    const rows = parse(written.subarray(3).toString('utf8'), { record_delimiter: '\r\n' }) as string[][];
    expect(rows).to.have.length(28);
    expect(rows[0]).to.deep.equal(['line', 'kind', 'code', 'column', 'value', 'reason']);
    expect(rows[1]).to.deep.equal([
      '2',
      'error',
      'EMAIL_INVALID',
      'email',
      "'=bad0",
      'invalid email "=bad0"',
    ]);
    expect(rows[27]).to.deep.equal([
      '28',
      'duplicate',
      'DUPLICATE_EMAIL',
      'email',
      known,
      'duplicate: this email is already in the pool (or on an earlier line)',
    ]);
  });

  it('shows progress as plain lines without a terminal, then a table (real binary)', async () => {
    const recruteur = await createRecruteur();
    const vivierId = await createVivierRow(recruteur.entrepriseId);
    // Two and a bit batches, so a line is printed after the first batch's commit.
    const count = IMPORT_BATCH_SIZE * 2 + 200;
    const lines = count + 1;
    const rows = Array.from({ length: count }, (_, i) => `${uniqueEmail(`m${i}-`)},Nom${i}`);
    const file = csv('big.csv', `email,nom\n${rows.join('\n')}\n`);
    const r = await runBinary(['vivier', 'import', String(vivierId), file]);
    expect(r.code, r.stderr).to.equal(0);
    const progress = r.stderr.trim().split('\n');
    const afterFirstBatch = IMPORT_BATCH_SIZE + 1;
    expect(progress[0]).to.equal(`Import big.csv: 0/${lines} lines (0%)`);
    expect(progress).to.include(
      `Import big.csv: ${afterFirstBatch}/${lines} lines (${Math.floor((afterFirstBatch / lines) * 100)}%)`,
    );
    expect(progress[progress.length - 1]).to.equal(`Import big.csv: ${lines}/${lines} lines (100%)`);
    expect(r.stdout).to.match(new RegExp(`DONE\\s*│ ${count}\\s*│ ${count}\\s*│ 0\\s*│ 0`));
    expect(await testDb()('vivierCandidats').where({ vivierId }).count({ n: '*' }).first()).to.deep.equal({
      n: count,
    });
  });

  it('refusals: unknown pool exits 1, unreadable file, bad header and bad id exit 2, no active recruiter exits 1', async () => {
    const recruteur = await createRecruteur();
    const vivierId = await createVivierRow(recruteur.entrepriseId);
    const good = csv('ok.csv', `email\n${uniqueEmail('x')}\n`);

    const unknown = await runInProcess(['vivier', 'import', '999999999', good]);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.match(/^Error NOT_FOUND: Vivier not found/);
    expect(unknown.stderr).not.to.match(/\n\s+at /);

    const missing = await runInProcess(['vivier', 'import', String(vivierId), path.join(dir, 'absent.csv')]);
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.contain('Cannot read the file');

    const noEmail = await runInProcess([
      'vivier',
      'import',
      String(vivierId),
      csv('bad.csv', 'nom,prenom\nA,B\n'),
    ]);
    expect(noEmail.code).to.equal(2);
    expect(noEmail.stderr).to.match(
      /^Error VALIDATION_ERROR: The header \(line 1\) has no "email" column; found: nom, prenom \(NO_EMAIL_COLUMN\)/,
    );

    const badId = await runInProcess(['vivier', 'import', 'douze', good]);
    expect(badId.code).to.equal(2);

    const pending = await createRecruteur({ status: 'SUSPENDED' });
    const orphan = await createVivierRow(pending.entrepriseId);
    const noOne = await runInProcess(['vivier', 'import', String(orphan), good]);
    expect(noOne.code).to.equal(1);
    expect(noOne.stderr).to.contain('ACCOUNT_NOT_ACTIVE');
  });

  describe('--sheet, --mapping and --preview: the upload route’s choices and its preview', () => {
    const ENGLISH = [
      ['First Name', 'Last Name', 'Email', 'Mobile Phone', 'Skills', 'Notes', 'Âge'],
      ['Élodie', 'Mbarga', 'elodie@example.cm', 699112233, 'java', 'Très bien', 31],
      ['Paul', 'Biya', 'pas-un-email', 677445566, 'sql', null, 40],
      ['Aïcha', 'Bello', 'mailto:aicha@example.cm', '6.99999998E+08', 'rh', null, 25],
      ['Jean', 'Essomba', 'jean@example.cm', 655001122, null, null, null],
    ];

    async function xlsx(name: string): Promise<string> {
      const file = path.join(dir, name);
      writeFileSync(file, await workbook({ Notice: [['Lisez-moi']], Candidats: ENGLISH }));
      return file;
    }

    it('previews a sheet of a two-sheet .xlsx: format, sheets, columns with field and 3 samples, ignored columns, first problems; writes nothing', async () => {
      const recruteur = await createRecruteur();
      const vivierId = await createVivierRow(recruteur.entrepriseId);
      const file = await xlsx('candidats.xlsx');
      const before = await written(vivierId);
      const r = await runInProcess([
        'vivier',
        'import',
        String(vivierId),
        file,
        '--sheet',
        'Candidats',
        '--preview',
      ]);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.contain('Format: xlsx, sheet "Candidats" (sheets: "Notice", "Candidats")');
      expect(r.stdout).to.match(/│ 1 *│ First Name *│ prenom *│ Élodie *│ Paul *│ Aïcha *│/);
      expect(r.stdout).to.match(
        /│ 3 *│ Email *│ email *│ elodie@example\.cm *│ pas-un-email *│ mailto:aicha@example\.cm *│/,
      );
      // Typed as numbers in the workbook, shown as the phone digits they are.
      expect(r.stdout).to.match(
        /│ 4 *│ Mobile Phone *│ telephone *│ 699112233 *│ 677445566 *│ 6\.99999998E\+08 *│/,
      );
      expect(r.stdout).to.match(/│ 6 *│ Notes *│ notes *│ Très bien *│ *│ *│/);
      expect(r.stdout).to.match(/│ 7 *│ Âge *│ \(ignored\) *│ 31 *│ 40 *│ 25 *│/);
      expect(r.stdout).to.contain('Ignored columns (not imported): "Âge" (#7)');
      expect(r.stdout).to.contain('Checked 4 rows: 1 would be refused, 1 with warnings');
      // The first problems, in the language of the recruiter the import is for (French by default).
      expect(r.stdout).to.match(/│ 3 *│ erreur *│ email *│ email invalide « pas-un-email » *│/);
      expect(r.stdout).to.match(
        /│ 4 *│ avertissement *│ telephone *│ Excel a modifié ce numéro : formatez la colonne en Texte *│/,
      );
      expect(r.stdout).to.contain('Preview only: nothing was written');
      expect(r.stderr).to.equal('');
      expect(await written(vivierId)).to.deep.equal(before);
    });

    it('--preview --json prints the API’s preview object, with the same mapping and sheet (by position)', async () => {
      const recruteur = await createRecruteur();
      const vivierId = await createVivierRow(recruteur.entrepriseId);
      const file = await xlsx('candidats-json.xlsx');
      const mapping = JSON.stringify({ Âge: 'notes', Skills: null });
      const before = await written(vivierId);
      const r = await runInProcess([
        'vivier',
        'import',
        String(vivierId),
        file,
        '--sheet',
        '2',
        '--mapping',
        mapping,
        '--preview',
        '--json',
      ]);
      expect(r.code, r.stderr).to.equal(0);
      const cli = parseJson<Record<string, unknown>>(r);
      const api = await agent()
        .post(`/v1/api/recruiters/me/viviers/${vivierId}/import/preview`)
        .set(recruteur.auth)
        .field('sheet', '2')
        .field('mapping', mapping)
        .attach('file', readFileSync(file), { filename: 'candidats.xlsx' })
        .expect(200);
      expect(cli).to.deep.equal(api.body.data);
      expect(cli).to.include({ format: 'xlsx', sheet: 'Candidats', checkedRows: 4, errorRows: 1 });
      expect(cli.ignoredColumns).to.deep.equal([{ position: 5, header: 'Skills' }]);
      expect((cli.columns as { header: string; field: string | null }[]).map((c) => c.field)).to.deep.equal([
        'prenom',
        'nom',
        'email',
        'telephone',
        null,
        'notes',
        'notes',
      ]);
      expect(await written(vivierId)).to.deep.equal(before);
    });

    it('imports a sheet with a mapping file (Mobile Phone -> telephone, Skills ignored): --json lists ignored columns, errors, warnings and duplicates; rows stored byte for byte', async () => {
      const recruteur = await createRecruteur();
      await testDb()('accounts').where({ id: recruteur.id }).update({ langue: 'en' });
      const vivierId = await createVivierRow(recruteur.entrepriseId);
      await addMemberRow(vivierId, 'jean@example.cm');
      const file = await xlsx('candidats-map.xlsx');
      // As Windows Notepad saves it: with a byte-order mark.
      const mappingFile = csv('colonnes.json', '\uFEFF{"Mobile Phone": "telephone", "Skills": null}');
      const r = await runInProcess([
        'vivier',
        'import',
        String(vivierId),
        file,
        '--sheet',
        'Candidats',
        '--mapping',
        `@${mappingFile}`,
        '--json',
      ]);
      expect(r.code, r.stderr).to.equal(0);
      const out = parseJson<Record<string, unknown>>(r);
      expect(out).to.deep.include({
        status: 'DONE',
        totalRows: 4,
        importedRows: 2,
        duplicateRows: 1,
        errorRows: 1,
        warningRows: 1,
        ignoredColumns: [
          { position: 5, header: 'Skills' },
          { position: 7, header: 'Âge' },
        ],
        moreLines: 0,
        failureMessage: null,
      });
      const lines = out.lines as { line: number; kind: string; code: string; reason: string }[];
      expect(lines.map((l) => [l.line, l.kind, l.code])).to.deep.equal([
        [3, 'ERROR', 'EMAIL_INVALID'],
        [4, 'WARNING', 'EMAIL_MAILTO_REMOVED'],
        [4, 'WARNING', 'PHONE_EXCEL_NUMBER'],
        [5, 'DUPLICATE', 'DUPLICATE_EMAIL'],
      ]);
      expect(lines[2]!.reason).to.equal('Excel changed this number: format the column as Text');
      const row = await testDb()('vivierImports').where({ id: out.importId }).first();
      expect(row).to.include({ format: 'xlsx', sheet: 'Candidats', createdBy: recruteur.id });
      const stored = await testDb()('vivierCandidats')
        .where({ vivierId, source: 'IMPORT' })
        .orderBy('id')
        .select(
          'email',
          'telephone',
          'tags',
          testDb().raw('HEX(nom) AS nom_hex'),
          testDb().raw('HEX(prenom) AS prenom_hex'),
          testDb().raw('HEX(notes) AS notes_hex'),
        );
      const hex = (t: string) => Buffer.from(t, 'utf8').toString('hex').toUpperCase();
      expect(
        stored.map((m: Record<string, unknown>) => [
          m.email,
          m.telephone,
          m.tags,
          m.nomHex,
          m.prenomHex,
          m.notesHex,
        ]),
      ).to.deep.equal([
        ['elodie@example.cm', '+237699112233', [], hex('Mbarga'), hex('Élodie'), hex('Très bien')],
        ['aicha@example.cm', null, [], hex('Bello'), hex('Aïcha'), null],
      ]);
    });

    it('prints the ignored columns after an import, and cleans file content of terminal escapes in the preview', async () => {
      const recruteur = await createRecruteur();
      const vivierId = await createVivierRow(recruteur.entrepriseId);
      const a = uniqueEmail('esc');
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      const TERMINAL_CONTROL = /[\u001b\u0007\u009b\u202e]/;
      // The upload refuses C0 controls in its first KB: escapes further down, and 8-bit CSI and a
      // bidi override in the header, get through to the preview.
      const filler = Array.from({ length: 40 }, (_, i) => `${uniqueEmail(`f${i}-`)};;`);
      const file = csv(
        'escapes.csv',
        [
          'email;Remarque\u009b2J\u202e;Portable',
          ...filler,
          `${a};"\u001b[2Jcoucou\u001b]0;pwned\u0007\u202e";699112233`,
          '',
        ].join('\n'),
      );
      const preview = await runInProcess(['vivier', 'import', String(vivierId), file, '--preview']);
      expect(preview.code, preview.stderr).to.equal(0);
      expect(preview.stdout).to.contain('Format: csv, encoding utf-8, delimiter ";"');
      expect(preview.stdout).to.match(/│ 2 *│ Remarque *│ \(ignored\) *│ coucou *│/);
      expect(preview.stdout).to.match(/│ 3 *│ Portable *│ telephone *│ 699112233 *│/);
      expect(preview.stdout).to.contain('Ignored columns (not imported): "Remarque" (#2)');
      expect(preview.stdout).not.to.match(TERMINAL_CONTROL).and.not.to.contain('pwned');

      const run = await runInProcess([
        'vivier',
        'import',
        String(vivierId),
        file,
        '--mapping',
        '{"Portable": null}',
      ]);
      expect(run.code, run.stderr).to.equal(0);
      expect(run.stdout).to.match(/DONE\s*│ 41\s*│ 41\s*│ 0\s*│ 0\s*│ 0/);
      expect(run.stdout).to.contain('Ignored columns (not imported): "Remarque" (#2), "Portable" (#3)');
      expect(run.stdout).not.to.match(TERMINAL_CONTROL);
      const member = await testDb()('vivierCandidats').where({ vivierId, email: a }).first();
      expect(member).to.include({ telephone: null, notes: null });
    });

    it('a bad mapping, an unknown sheet or --preview with --report is a usage error (exit 2) naming the problem; nothing is written', async () => {
      const recruteur = await createRecruteur();
      const vivierId = await createVivierRow(recruteur.entrepriseId);
      const file = csv('small.csv', 'Email;Mobile Phone;Âge\r\na@example.cm;699112233;30\r\n');
      const book = await xlsx('small.xlsx');
      const before = await written(vivierId);
      const run = (...args: string[]) => runInProcess(['vivier', 'import', String(vivierId), ...args]);

      const notJson = await run(file, '--mapping', '{"Mobile Phone": telephone}');
      expect(notJson.code).to.equal(2);
      expect(notJson.stderr).to.match(/^Error: --mapping: mapping must be a JSON object/);

      const unknownField = await run(
        file,
        '--mapping',
        '{"Mobile Phone": "portable", "Âge": "age"}',
        '--preview',
      );
      expect(unknownField.code).to.equal(2);
      expect(unknownField.stderr)
        .to.contain('"portable" (for "Mobile Phone")')
        .and.contain('"age" (for "Âge")')
        .and.contain('fields: email, nom, prenom, nomComplet, telephone, tags, notes');

      const asJson = await run(file, '--mapping', '["telephone"]', '--json');
      expect(asJson.code).to.equal(2);
      expect(JSON.parse(asJson.stderr)).to.deep.equal({
        error: {
          code: 'USAGE_ERROR',
          message:
            '--mapping: mapping must be a JSON object, e.g. {"Mobile Phone": "telephone", "Âge": null}',
        },
      });

      const noFile = await run(file, '--mapping', `@${path.join(dir, 'absent.json')}`);
      expect(noFile.code).to.equal(2);
      expect(noFile.stderr).to.contain('Cannot read the mapping file');

      const noColumn = await run(file, '--mapping', '{"Phone": "telephone"}');
      expect(noColumn.code).to.equal(2);
      expect(noColumn.stderr).to.contain('the file does not have: "Phone"');

      const noSheet = await run(book, '--sheet', 'Feuil9', '--preview');
      expect(noSheet.code).to.equal(2);
      expect(noSheet.stderr).to.contain(
        'The workbook has no sheet "Feuil9"; its sheets: "Notice", "Candidats"',
      );

      const sheetOfCsv = await run(file, '--sheet', '1');
      expect(sheetOfCsv.code).to.equal(2);
      expect(sheetOfCsv.stderr).to.contain('sheet is for workbooks (.xlsx, .ods)');

      const both = await run(file, '--preview', '--report', path.join(dir, 'r.csv'));
      expect(both.code).to.equal(2);
      expect(both.stderr).to.contain('--preview writes nothing');

      expect(await written(vivierId)).to.deep.equal(before);
    });
  });
});
