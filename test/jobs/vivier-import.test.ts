/** The talent-pool CSV import (domain/viviers/run-vivier-import.ts), run directly. */
import { expect } from 'chai';
import { ManualClock } from '../../lib/clock.ts';
import { runVivierImport } from '../../domain/viviers/run-vivier-import.ts';
import type { StoredLineIssue } from '../../domain/viviers/line-issue.ts';
import { lineIssueMessage } from '../../domain/viviers/line-issue-messages.ts';
import {
  IMPORT_STALE_MS,
  MAX_IMPORT_ATTEMPTS,
  claimVivierImport,
  processVivierImports,
} from '../../domain/viviers/process-vivier-imports.ts';
import { domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createEntreprise } from '../helpers/factories.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { addMemberRow, createVivierRow, poolEmails, queueImportRow } from '../helpers/vivier-factories.ts';

const ctx = () => domainCtx({ type: 'system', id: 'test:vivier-import' });

async function importRow(id: number) {
  return testDb()('vivierImports').where({ id }).first();
}

/** The stored errors (codes with parameters), each with its English sentence. */
function errorsOf(row: { errors: unknown }): { line: number; message: string }[] {
  const stored = (
    typeof row.errors === 'string' ? JSON.parse(row.errors) : (row.errors ?? [])
  ) as StoredLineIssue[];
  return stored.map((e) => ({ line: e.line, message: lineIssueMessage(e, 'en') }));
}

function warningsOf(row: { warnings: unknown }): { line: number; code?: string; message: string }[] {
  const stored = (
    typeof row.warnings === 'string' ? JSON.parse(row.warnings) : (row.warnings ?? [])
  ) as StoredLineIssue[];
  return stored.map((w) => ({ line: w.line, code: w.code, message: lineIssueMessage(w, 'en') }));
}

describe('Talent-pool CSV import (the import function)', () => {
  let vivierId: number;

  beforeEach(async () => {
    vivierId = await createVivierRow(await createEntreprise());
  });

  it('imports a `;` file with a BOM, CRLF, columns in any order, tags by | (no account linked by email)', async () => {
    const candidat = await createCandidat();
    const csv =
      '\uFEFFNotes;Téléphone;E-mail;Prénom;Nom;Tags\r\n' +
      `Très bon profil;+237 690 00 00 01;${candidat.email.toUpperCase()};Aline;Mbarga;Java|  SQL |java\r\n` +
      'A revoir;;paul@example.cm;Paul;Biya;\r\n';
    const id = await queueImportRow(vivierId, csv);
    const progress = await runVivierImport(ctx(), id);
    expect(progress).to.include({
      status: 'DONE',
      totalRows: 2,
      importedRows: 2,
      duplicateRows: 0,
      errorRows: 0,
      failureMessage: null,
    });
    const rows = await testDb()('vivierCandidats').where({ vivierId }).orderBy('email');
    const aline = rows.find((r: { email: string }) => r.email === candidat.email);
    expect(aline).to.include({
      candidatId: null, // never linked without the candidate's consent
      nom: 'Mbarga',
      prenom: 'Aline',
      telephone: '+237690000001', // stored in E.164
      notes: 'Très bon profil',
      source: 'IMPORT',
      importId: id,
    });
    expect(typeof aline.tags === 'string' ? JSON.parse(aline.tags) : aline.tags).to.deep.equal([
      'Java',
      'SQL',
    ]);
    const paul = rows.find((r: { email: string }) => r.email === 'paul@example.cm');
    expect(paul).to.include({ candidatId: null, telephone: null });
    const row = await importRow(id);
    expect(row.status).to.equal('DONE');
    expect(row.finishedAt).to.be.instanceOf(Date);
  });

  it('imports a `,` file without BOM; quoted fields may hold the delimiter, quotes and newlines', async () => {
    const csv = [
      'email,nom,notes,tags',
      'a@example.cm,"Nkoulou, fils","Ligne 1',
      'ligne 2 ""citée""",dev',
      'b@example.cm,Eto\'o,,"java,sql"',
      '',
      'not-an-email,X,,',
      'c@example.cm,C,"x',
      '',
      'y",',
      'bad@,D,,',
    ].join('\n');
    const id = await queueImportRow(vivierId, csv);
    const progress = await runVivierImport(ctx(), id);
    expect(progress).to.include({
      status: 'DONE',
      totalRows: 5,
      importedRows: 3,
      errorRows: 2,
      duplicateRows: 0,
    });
    const a = await testDb()('vivierCandidats').where({ vivierId, email: 'a@example.cm' }).first();
    expect(a).to.include({ nom: 'Nkoulou, fils', notes: 'Ligne 1\nligne 2 "citée"' });
    const b = await testDb()('vivierCandidats').where({ vivierId, email: 'b@example.cm' }).first();
    expect(typeof b.tags === 'string' ? JSON.parse(b.tags) : b.tags).to.deep.equal(['java', 'sql']);
    // line numbers count the lines inside quoted fields and the empty lines; the header is line 1
    expect(errorsOf(await importRow(id))).to.deep.equal([
      { line: 6, message: 'invalid email "not-an-email"' },
      { line: 10, message: 'invalid email "bad@"' },
    ]);
  });

  it('reports the starting line of a record whose quoted field holds CRLF line breaks', async () => {
    const csv =
      'email;notes\r\na@example.cm;"un\r\ndeux\r\ntrois"\r\n\r\nnope;x\r\nb@example.cm;ok\r\n;\r\nmissing-at;y';
    const id = await queueImportRow(vivierId, csv);
    expect(await runVivierImport(ctx(), id)).to.include({ totalRows: 4, importedRows: 2, errorRows: 2 });
    expect(errorsOf(await importRow(id)).map((e) => e.line)).to.deep.equal([6, 9]);
  });

  it('counts emails already in the pool and emails repeated in the file as duplicates, not errors', async () => {
    await addMemberRow(vivierId, 'deja@example.cm');
    const csv =
      'email\ndeja@example.cm\nnouveau@example.cm\nNOUVEAU@example.cm\n  nouveau@example.cm  \nautre@example.cm\n';
    const id = await queueImportRow(vivierId, csv);
    expect(await runVivierImport(ctx(), id, { batchSize: 2 })).to.include({
      totalRows: 5,
      importedRows: 2,
      duplicateRows: 3,
      errorRows: 0,
    });
    expect(await poolEmails(vivierId)).to.deep.equal([
      'autre@example.cm',
      'deja@example.cm',
      'nouveau@example.cm',
    ]);
  });

  it('a missing email is a row error; a bad phone or an over-long optional field is left out with a warning, the person kept', async () => {
    const csv = `email,telephone,nom,tags\n,690000000,Sans email,\nx@example.cm,abc,X,\ny@example.cm,,${'N'.repeat(101)},\nz@example.cm,,Z,${Array.from({ length: 21 }, (_, i) => `t${i}`).join('|')}\n`;
    const id = await queueImportRow(vivierId, csv);
    expect(await runVivierImport(ctx(), id)).to.include({
      totalRows: 4,
      importedRows: 3,
      errorRows: 1,
      warningRows: 3,
    });
    const row = await importRow(id);
    expect(errorsOf(row)).to.deep.equal([{ line: 2, message: 'email is missing' }]);
    expect(warningsOf(row)).to.deep.equal([
      { line: 3, code: 'PHONE_INVALID', message: 'telephone "abc" is not a phone number: left out' },
      { line: 4, code: 'NOM_LEFT_OUT', message: 'nom is longer than 100 characters: left out' },
      { line: 5, code: 'TAGS_LEFT_OUT', message: 'at most 20 tags: left out' },
    ]);
    const kept = await testDb()('vivierCandidats').where({ vivierId }).orderBy('email');
    expect(
      kept.map((m: { email: string; telephone: string | null; nom: string | null }) => [
        m.email,
        m.telephone,
        m.nom,
      ]),
    ).to.deep.equal([
      ['x@example.cm', null, 'X'],
      ['y@example.cm', null, null],
      ['z@example.cm', null, 'Z'],
    ]);
  });

  it('lists at most 1,000 errors but counts them all', async () => {
    const lines = ['email', ...Array.from({ length: 1200 }, (_, i) => `bad-${i}`), 'ok@example.cm'];
    const id = await queueImportRow(vivierId, lines.join('\n'));
    expect(await runVivierImport(ctx(), id)).to.include({
      totalRows: 1201,
      errorRows: 1200,
      importedRows: 1,
    });
    const errors = errorsOf(await importRow(id));
    expect(errors).to.have.length(1000);
    expect(errors[999]).to.deep.equal({ line: 1001, message: 'invalid email "bad-999"' });
  });

  it('fails a binary file, a file without an email column, and broken quoting, with a clear message', async () => {
    const cases: [string | Buffer, RegExp][] = [
      [
        Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00, 0xff, 0x10]),
        /zip archive, not a spreadsheet/,
      ],
      [Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), /binary content/],
      [Buffer.from([0xff, 0xfe, 0x65, 0x00, 0x6d, 0x00]), /no "email" column; found: em/],
      ['nom;prenom\nMbarga;Aline\n', /no "email" column; found: nom, prenom/],
      ['', /empty/],
      [
        'email,nom\nok@example.cm,A\nx@example.cm,"Mbarga"oops\n',
        /^Malformed CSV at line 3: a quoted cell goes on after its closing quote/,
      ],
    ];
    for (const [content, message] of cases) {
      const id = await queueImportRow(vivierId, content);
      const progress = await runVivierImport(ctx(), id);
      expect(progress.status, String(message)).to.equal('FAILED');
      const row = await importRow(id);
      expect(row.status).to.equal('FAILED');
      expect(row.failureMessage).to.match(message);
    }
  });

  it('resumes after a crash from the last committed line: exact counts, no duplicate, no lost row', async () => {
    await addMemberRow(vivierId, 'r5@example.cm');
    const lines = ['email;nom'];
    for (let i = 1; i <= 23; i++) lines.push(i === 7 ? 'pas-un-email;X' : `r${i}@example.cm;Nom ${i}`);
    lines.push('r3@example.cm;repeated');
    const id = await queueImportRow(vivierId, lines.join('\r\n') + '\r\n');
    let batches = 0;
    let failure: unknown = null;
    try {
      await runVivierImport(ctx(), id, {
        batchSize: 4,
        onBatch: () => {
          batches += 1;
          if (batches === 3) throw new Error('simulated crash');
        },
      });
    } catch (err) {
      failure = err;
    }
    expect(String(failure)).to.contain('simulated crash');
    const crashed = await importRow(id);
    expect(crashed).to.include({ status: 'RUNNING', totalRows: 12, lastCommittedLine: 13 });
    expect(await testDb()('vivierCandidats').where({ vivierId }).count({ n: '*' }).first()).to.deep.equal({
      n: 1 + 10,
    });

    const progress = await runVivierImport(ctx(), id, { batchSize: 4 });
    expect(progress).to.include({
      status: 'DONE',
      totalRows: 24,
      importedRows: 21,
      duplicateRows: 2,
      errorRows: 1,
    });
    const emails = await poolEmails(vivierId);
    expect(emails).to.have.length(22);
    expect(new Set(emails).size).to.equal(22);
    expect(errorsOf(await importRow(id))).to.deep.equal([
      { line: 8, message: 'invalid email "pas-un-email"' },
    ]);
  });

  it('the queue: claims QUEUED imports once, reclaims a RUNNING one whose heartbeat is stale, gives up after repeated crashes', async () => {
    const clock = new ManualClock('2030-01-01T10:00:00Z');
    const c = domainCtx({ type: 'system', id: 'test' }, { clock });
    const id = await queueImportRow(vivierId, `email\n${uniqueEmail()}\n`);
    // Other tests' imports may be waiting: claim until ours comes up, finishing the others.
    let claimed = await claimVivierImport(c);
    while (claimed && claimed.id !== id) {
      await runVivierImport(c, claimed.id);
      claimed = await claimVivierImport(c);
    }
    expect(claimed).to.deep.equal({ id, attempts: 1 });
    expect((await importRow(id)).status).to.equal('RUNNING');
    // a fresh heartbeat: nobody else takes it
    expect((await claimVivierImport(c))?.id).to.not.equal(id);
    clock.advance(IMPORT_STALE_MS + 1000);
    const done = await processVivierImports(c);
    expect(done.map((p) => p.importId)).to.include(id);
    expect(await importRow(id)).to.include({ status: 'DONE', importedRows: 1, attempts: 2 });

    const stuck = await queueImportRow(vivierId, 'email\nx@example.cm\n');
    await testDb()('vivierImports')
      .where({ id: stuck })
      .update({
        status: 'RUNNING',
        attempts: MAX_IMPORT_ATTEMPTS,
        heartbeatAt: new Date('2029-01-01T00:00:00Z'),
      });
    await processVivierImports(c);
    expect(await importRow(stuck)).to.include({
      status: 'FAILED',
      failureMessage: `Gave up after ${MAX_IMPORT_ATTEMPTS} interrupted attempts`,
    });
  });
});
