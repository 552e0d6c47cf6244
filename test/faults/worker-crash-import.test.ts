/**
 * A worker killed (SIGKILL, no chance to clean up) in the middle of a 50,000-row talent-pool CSV
 * import, and one killed inside a batch's transaction. Another worker started afterwards takes the
 * abandoned import over and finishes it: exact counts, every valid row in the pool once, no
 * duplicate, no lost row. And a worker stopped gracefully (SIGTERM) in the middle of an import: it
 * releases the import, which another worker resumes at once.
 *
 * The import's heartbeat is its only lease: the dead worker's (IMPORT_STALE_MS, 2 min) has to age
 * before anyone may take over; rather than wait, the test moves it back by that much, as the
 * passing of time would. No Agenda lock is involved: the workers' import pumps run the imports.
 */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createRecruteur } from '../helpers/factories.ts';
import { addMemberRow, createVivierRow } from '../helpers/vivier-factories.ts';
import { agendaJobsMark, pollUntil, startWorkerProcess, stopAllProcesses } from '../helpers/processes.ts';
import { unique } from '../helpers/unique.ts';
import { IMPORT_STALE_MS } from '../../domain/viviers/process-vivier-imports.ts';

const ROWS = 50_000;

interface ImportRow {
  status: string;
  totalRows: number;
  importedRows: number;
  duplicateRows: number;
  errorRows: number;
  lastCommittedLine: number;
  attempts: number;
  heartbeatAt: Date | null;
}

/**
 * The file: every 200 rows, one bad email and one email repeated from 50 rows earlier; the first
 * email is already in the pool. Line numbers count the header as line 1.
 */
function buildCsv(
  prefix: string,
  rows = ROWS,
): {
  csv: Buffer;
  imported: number;
  duplicates: number;
  errorLines: number[];
} {
  const lines = ['email,nom,prenom,tags'];
  const errorLines: number[] = [];
  let duplicates = 1;
  for (let i = 0; i < rows; i++) {
    if (i % 200 === 199) {
      lines.push(`pas-un-email-${i},Nom${i},Prenom${i},`);
      errorLines.push(i + 2);
    } else if (i % 200 === 99) {
      lines.push(`${prefix}-${i - 50}@pool.example.cm,Nom${i},Prenom${i},doublon`);
      duplicates += 1;
    } else {
      lines.push(`${prefix}-${i}@pool.example.cm,Nom${i},Prenom${i},dev|douala`);
    }
  }
  return {
    csv: Buffer.from(`${lines.join('\n')}\n`),
    imported: rows - errorLines.length - duplicates,
    duplicates,
    errorLines,
  };
}

/** Time passes: the dead worker's import heartbeat is stale. */
async function letTimePass(importId: number): Promise<void> {
  await testDb()('vivierImports')
    .where({ id: importId })
    .update({
      heartbeatAt: testDb().raw('heartbeat_at - INTERVAL ? SECOND', [IMPORT_STALE_MS / 1000 + 60]),
    });
}

describe('Faults: a worker killed in the middle of a 100,000-row CSV import', function () {
  this.timeout(400_000);
  const jobs = agendaJobsMark();

  before(async () => {
    await jobs.markJobs();
  });

  afterEach(async function () {
    this.timeout(30_000);
    await stopAllProcesses();
  });

  after(async () => {
    await jobs.restoreJobs();
  });

  it('after a restart the import finishes with exact counts and no duplicate', async () => {
    const recruteur = await createRecruteur();
    const vivierId = await createVivierRow(recruteur.entrepriseId, 'Développeurs');
    const prefix = unique('crash');
    await addMemberRow(vivierId, `${prefix}-0@pool.example.cm`);
    const { csv, imported, duplicates, errorLines } = buildCsv(prefix);

    const res = await agent()
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/import`)
      .set(recruteur.auth)
      .attach('file', csv, { filename: 'vivier.csv', contentType: 'text/csv' })
      .expect(200);
    const importId = res.body.data.importId as number;
    const state = async () => (await testDb()('vivierImports').where({ id: importId }).first()) as ImportRow;

    // A first worker starts on it; once a good share is committed, it is killed outright.
    const first = await startWorkerProcess('worker-1');
    const atKill = await pollUntil(
      async () => {
        const s = await state();
        return s.lastCommittedLine >= 15_000 ? s : null;
      },
      'a share of the import committed',
      150_000,
      20,
    );
    await first.kill();
    const killed = await state();
    expect(atKill.status).to.equal('RUNNING');
    expect(killed.status, 'killed before the end').to.equal('RUNNING');
    expect(killed.lastCommittedLine).to.be.below(ROWS + 1);
    expect(killed.attempts).to.equal(1);

    await letTimePass(importId);

    // Another worker takes it over from the last committed line and finishes.
    await startWorkerProcess('worker-2');
    const done = await pollUntil(
      async () => {
        const s = await state();
        return s.status === 'DONE' || s.status === 'FAILED' ? s : null;
      },
      'the import to finish after the restart',
      60_000,
      200,
    );
    expect(done).to.include({
      status: 'DONE',
      totalRows: ROWS,
      importedRows: imported,
      duplicateRows: duplicates,
      errorRows: errorLines.length,
      lastCommittedLine: ROWS + 1,
      attempts: 2,
    });

    const [{ n, distinct }] = (await testDb()('vivierCandidats')
      .where({ vivierId })
      .select(testDb().raw('COUNT(*) AS n, COUNT(DISTINCT email) AS `distinct`'))) as {
      n: number;
      distinct: number;
    }[];
    expect(Number(n)).to.equal(imported + 1);
    expect(Number(distinct)).to.equal(imported + 1);
    const [{ fromImport }] = (await testDb()('vivierCandidats')
      .where({ vivierId, importId })
      .count({ fromImport: '*' })) as { fromImport: number }[];
    expect(Number(fromImport)).to.equal(imported);

    // The status route tells the recruiter the same, with every bad line listed.
    const status = await agent()
      .get(`/v1/api/recruiters/me/viviers/imports/${importId}`)
      .set(recruteur.auth)
      .expect(200);
    expect(status.body.data).to.include({
      status: 'DONE',
      totalRows: ROWS,
      importedRows: imported,
      duplicateRows: duplicates,
      errorRows: errorLines.length,
    });
    const listed = status.body.data.errors as { line: number; message: string }[];
    expect(listed.map((e) => e.line)).to.deep.equal(errorLines);
    expect(listed[0]).to.include({
      line: 201,
      code: 'EMAIL_INVALID',
      message: 'email invalide « pas-un-email-199 »',
    });
  });

  it("killed inside a batch's transaction (the next batch already parsed): the restart counts that batch once", async () => {
    const rows = 60_000;
    const recruteur = await createRecruteur();
    const vivierId = await createVivierRow(recruteur.entrepriseId, 'Comptables');
    const prefix = unique('midbatch');
    await addMemberRow(vivierId, `${prefix}-0@pool.example.cm`);
    const { csv, imported, duplicates, errorLines } = buildCsv(prefix, rows);
    const res = await agent()
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/import`)
      .set(recruteur.auth)
      .attach('file', csv, { filename: 'vivier.csv', contentType: 'text/csv' })
      .expect(200);
    const importId = res.body.data.importId as number;
    const state = async () => (await testDb()('vivierImports').where({ id: importId }).first()) as ImportRow;

    const first = await startWorkerProcess('worker-1');
    await pollUntil(
      async () => (await state()).lastCommittedLine >= 3_000,
      'a few batches committed',
      150_000,
      20,
    );
    // The next batch's transaction waits for the pool's lock, which this connection takes: the
    // worker is killed inside that transaction (the import row locked, nothing of the batch
    // committed), while the batch after it is parsed and checked in memory.
    const holder = await testDb().transaction();
    try {
      await holder('viviers').where({ id: vivierId }).forUpdate().first('id');
      // No batch can commit without that lock: once the committed line stops moving, the worker
      // is inside the next batch, waiting.
      let last = -1;
      await pollUntil(
        async () => {
          const line = (await state()).lastCommittedLine;
          const still = line === last;
          last = line;
          return still;
        },
        'the worker stopped inside a batch',
        20_000,
        2_000,
      );
      const before = await state();
      await first.kill();
      const after = await state();
      expect(after.status).to.equal('RUNNING');
      expect(after.lastCommittedLine, 'the killed batch committed nothing').to.equal(
        before.lastCommittedLine,
      );
      expect(after.importedRows).to.equal(before.importedRows);
    } finally {
      await holder.rollback();
    }
    const [{ n: membersAtKill }] = (await testDb()('vivierCandidats')
      .where({ vivierId })
      .count({ n: '*' })) as {
      n: number;
    }[];
    expect(Number(membersAtKill), 'members of committed batches only').to.equal(
      (await state()).importedRows + 1,
    );

    await letTimePass(importId);
    await startWorkerProcess('worker-2');
    const done = await pollUntil(
      async () => {
        const s = await state();
        return s.status === 'DONE' || s.status === 'FAILED' ? s : null;
      },
      'the import to finish after the restart',
      60_000,
      200,
    );
    expect(done).to.include({
      status: 'DONE',
      totalRows: rows,
      importedRows: imported,
      duplicateRows: duplicates,
      errorRows: errorLines.length,
      lastCommittedLine: rows + 1,
      attempts: 2,
    });
    const [{ n, distinct }] = (await testDb()('vivierCandidats')
      .where({ vivierId })
      .select(testDb().raw('COUNT(*) AS n, COUNT(DISTINCT email) AS `distinct`'))) as {
      n: number;
      distinct: number;
    }[];
    expect(Number(n)).to.equal(imported + 1);
    expect(Number(distinct)).to.equal(imported + 1);
    const [{ dups }] = (await testDb()('vivierImportDuplicates')
      .where({ importId })
      .count({ dups: '*' })) as { dups: number }[];
    expect(Number(dups), 'each duplicate line recorded once').to.equal(duplicates);
  });
});

describe('Faults: a worker stopped (SIGTERM) in the middle of a CSV import', function () {
  this.timeout(400_000);
  const jobs = agendaJobsMark();

  before(async () => {
    await jobs.markJobs();
  });

  afterEach(async function () {
    this.timeout(30_000);
    await stopAllProcesses();
  });

  after(async () => {
    await jobs.restoreJobs();
  });

  it('releases the import (not counted as an attempt), and another worker resumes it at once', async () => {
    const rows = 20_000;
    const recruteur = await createRecruteur();
    const vivierId = await createVivierRow(recruteur.entrepriseId, 'Électriciens');
    const prefix = unique('sigterm');
    await addMemberRow(vivierId, `${prefix}-0@pool.example.cm`);
    const { csv, imported, duplicates, errorLines } = buildCsv(prefix, rows);
    const res = await agent()
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/import`)
      .set(recruteur.auth)
      .attach('file', csv, { filename: 'vivier.csv', contentType: 'text/csv' })
      .expect(200);
    const importId = res.body.data.importId as number;
    const state = async () => (await testDb()('vivierImports').where({ id: importId }).first()) as ImportRow;

    // The pool's lock, held here, keeps the worker inside the import (its first batch's commit
    // waits for it) until the worker has begun to stop.
    const holder = await testDb().transaction();
    let exited: Promise<number | null> | undefined;
    try {
      await holder('viviers').where({ id: vivierId }).forUpdate().first('id');
      const first = await startWorkerProcess('worker-1', { LOG_LEVEL: 'info' });
      await pollUntil(
        async () => (await state()).status === 'RUNNING',
        'worker-1 to claim the import',
        60_000,
        20,
      );
      exited = first.stop(120_000);
      await pollUntil(() => first.stdout.includes('"msg":"worker stopping"'), 'worker-1 to stop', 30_000, 20);
    } finally {
      await holder.rollback();
    }
    expect(await exited, 'exit code').to.equal(0);
    const released = await state();
    expect(released).to.include({ status: 'RUNNING', attempts: 0, heartbeatAt: null });
    expect(released.lastCommittedLine, 'stopped before the end').to.be.below(rows + 1);

    // No time passes: the released import is taken at once.
    await startWorkerProcess('worker-2');
    const done = await pollUntil(
      async () => {
        const s = await state();
        return s.status === 'DONE' || s.status === 'FAILED' ? s : null;
      },
      'the import to finish on worker-2',
      60_000,
      200,
    );
    expect(done).to.include({
      status: 'DONE',
      totalRows: rows,
      importedRows: imported,
      duplicateRows: duplicates,
      errorRows: errorLines.length,
      lastCommittedLine: rows + 1,
      attempts: 1,
    });
    const [{ n, distinct }] = (await testDb()('vivierCandidats')
      .where({ vivierId })
      .select(testDb().raw('COUNT(*) AS n, COUNT(DISTINCT email) AS `distinct`'))) as {
      n: number;
      distinct: number;
    }[];
    expect(Number(n)).to.equal(imported + 1);
    expect(Number(distinct)).to.equal(imported + 1);
  });
});
