import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { IMPORT_BATCH_SIZE } from '../../domain/viviers/run-vivier-import.ts';
import { testDb } from '../helpers/env.ts';
import { createRecruiter } from '../helpers/factories.ts';
import { addMemberRow, createVivierRow, poolEmails } from '../helpers/vivier-factories.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { runBinary, parseJson } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';

const CLI_ACTOR = `cli:${os.userInfo().username}`;

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
    const recruiter = await createRecruiter();
    const vivierId = await createVivierRow(recruiter.entrepriseId);
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
    expect(row).to.include({ status: 'DONE', createdBy: recruiter.id, vivierId });
    const [audit] = await testDb()('auditLogs').where({
      action: 'vivier.import',
      targetId: String(vivierId),
    });
    expect(audit).to.include({ actorType: 'system', actorId: CLI_ACTOR });
  });

  it('lists errors, warnings and duplicates in the account’s language, and writes the whole report with --report', async () => {
    const recruiter = await createRecruiter();
    await testDb()('accounts').where({ id: recruiter.id }).update({ langue: 'en' });
    const vivierId = await createVivierRow(recruiter.entrepriseId);
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
    const recruiter = await createRecruiter();
    const vivierId = await createVivierRow(recruiter.entrepriseId);
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
    const recruiter = await createRecruiter();
    const vivierId = await createVivierRow(recruiter.entrepriseId);
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
    expect(noEmail.stderr).to.match(/^Error VALIDATION_ERROR: The file cannot be imported/);

    const badId = await runInProcess(['vivier', 'import', 'douze', good]);
    expect(badId.code).to.equal(2);

    const pending = await createRecruiter({ status: 'SUSPENDED' });
    const orphan = await createVivierRow(pending.entrepriseId);
    const noOne = await runInProcess(['vivier', 'import', String(orphan), good]);
    expect(noOne.code).to.equal(1);
    expect(noOne.stderr).to.contain('ACCOUNT_NOT_ACTIVE');
  });
});
