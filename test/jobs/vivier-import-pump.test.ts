/**
 * Talent-pool imports run by a started worker's import pump (jobs/outbox/import-pump.ts), its
 * Agenda defining no `vivier:import-csv` job, on a ManualClock moved instead of waiting:
 * - an import queued through the API wakes the pump of its process at once (its sweep is a minute away);
 * - an import whose worker died is left alone while its heartbeat is fresh, then taken over from
 *   its last committed line once the heartbeat is stale;
 * - a worker that stops releases its running import (the attempt not counted), and another
 *   worker resumes it at once, without waiting for the heartbeat to age.
 */
import { expect } from 'chai';
import type { Job } from 'agenda';
import { ManualClock } from '../../lib/clock.ts';
import { startWorker, type RunningWorker } from '../../jobs/worker.ts';
import { definitions } from '../../jobs/definitions/index.ts';
import { JOB_NAMES } from '../../jobs/names.ts';
import type { ImportPumpOptions } from '../../jobs/outbox/import-pump.ts';
import { IMPORT_STALE_MS, claimVivierImport } from '../../domain/viviers/process-vivier-imports.ts';
import { runVivierImport } from '../../domain/viviers/run-vivier-import.ts';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import { createEntreprise, createRecruteur } from '../helpers/factories.ts';
import { agendaJobsMark } from '../helpers/processes.ts';
import { addMemberRow, createVivierRow, poolEmails, queueImportRow } from '../helpers/vivier-factories.ts';
import { waitFor } from './helpers.ts';

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

const importRow = async (id: number) => (await testDb()('vivierImports').where({ id }).first()) as ImportRow;

const finished = (id: number) => async () => {
  const row = await importRow(id);
  return row.status === 'DONE' || row.status === 'FAILED' ? row : null;
};

describe('Talent-pool imports run by the worker’s import pump (no Agenda job of that name)', function () {
  this.timeout(90_000);
  const jobs = agendaJobsMark();
  let running: RunningWorker[] = [];
  let importJobRuns = 0;

  /** A worker as `recrutement worker` starts it, its Agenda without the `vivier:import-csv` job. */
  async function startTestWorker(clock: ManualClock, imports: ImportPumpOptions): Promise<RunningWorker> {
    const worker = await startWorker(testDeps({ clock }), {
      name: `import-pump-test-${running.length}`,
      specs: definitions.filter((d) => d.name !== JOB_NAMES.importVivier),
      pumps: { imports, instantAlerts: false },
    });
    worker.agenda.on('start', (job: Job) => {
      if (job.attrs.name === JOB_NAMES.importVivier) importJobRuns += 1;
    });
    running.push(worker);
    return worker;
  }

  async function stopTestWorker(worker: RunningWorker): Promise<void> {
    running = running.filter((w) => w !== worker);
    await worker.stop();
  }

  before(() => jobs.markJobs());

  afterEach(async () => {
    const left = running;
    running = [];
    await Promise.all(left.map((w) => w.stop()));
  });

  after(() => jobs.restoreJobs());

  it('an import queued through the API is run at once by the worker of the same process', async () => {
    // The sweep is a minute away: only the signal sent once the import row commits can start it in time.
    await startTestWorker(new ManualClock(), { idleMs: 60_000 });
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const lines = ['Prénom,Email,Tags'];
    for (let i = 0; i < 1203; i++) lines.push(`P${i},pump-${i}@example.cm,"a|b"`);
    lines.push('X,broken,');
    const res = await agent()
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/import`)
      .set(r.auth)
      .attach('file', Buffer.from(lines.join('\n')), { filename: 'pool.csv', contentType: 'text/csv' })
      .expect(200);
    const importId = res.body.data.importId as number;

    const done = await waitFor(finished(importId), 'the import to finish', 30_000);
    expect(done).to.include({
      status: 'DONE',
      totalRows: 1204,
      importedRows: 1203,
      duplicateRows: 0,
      errorRows: 1,
      attempts: 1,
    });
    expect(await poolEmails(vivierId)).to.have.length(1203);
    const status = await agent()
      .get(`/v1/api/recruiters/me/viviers/imports/${importId}`)
      .set(r.auth)
      .expect(200);
    expect(status.body.data).to.include({ status: 'DONE', importedRows: 1203, errorRows: 1 });
    expect(importJobRuns, 'runs of the Agenda job vivier:import-csv').to.equal(0);
  });

  it('an import whose worker died is left alone while its heartbeat is fresh, then taken over where it stopped', async () => {
    const clock = new ManualClock();
    const vivierId = await createVivierRow(await createEntreprise());
    await addMemberRow(vivierId, 'r5@example.cm');
    const lines = ['email;nom'];
    for (let i = 1; i <= 23; i++) lines.push(i === 7 ? 'pas-un-email;X' : `r${i}@example.cm;Nom ${i}`);
    lines.push('r3@example.cm;repeated');
    const dead = await queueImportRow(vivierId, lines.join('\r\n') + '\r\n');

    // Another worker claimed it, committed two batches, and died: nothing was released.
    const deadWorker = domainCtx({ type: 'system', id: 'test:dead-worker' }, { clock });
    expect(await claimVivierImport(deadWorker, { importId: dead })).to.deep.equal({ id: dead, attempts: 1 });
    let batches = 0;
    const crash = await runVivierImport(deadWorker, dead, {
      batchSize: 4,
      onBatch: () => {
        batches += 1;
        if (batches === 2) throw new Error('worker died');
      },
    }).catch((err: unknown) => err);
    expect(String(crash)).to.contain('worker died');
    expect(await importRow(dead)).to.include({ status: 'RUNNING', lastCommittedLine: 9, attempts: 1 });

    await startTestWorker(clock, { idleMs: 50 });
    // Queued by another process (no signal here): the sweep finds it, and passes over the dead
    // worker's import, whose heartbeat is fresh on the worker's clock.
    const later = await queueImportRow(vivierId, 'email\nlater@example.cm\n');
    expect(await waitFor(finished(later), 'the import queued later to finish', 30_000)).to.include({
      status: 'DONE',
      importedRows: 1,
    });
    expect(await importRow(dead)).to.include({ status: 'RUNNING', lastCommittedLine: 9, attempts: 1 });

    clock.advance(IMPORT_STALE_MS + 1000);
    const done = await waitFor(finished(dead), 'the abandoned import to be taken over and finish', 30_000);
    expect(done).to.include({
      status: 'DONE',
      totalRows: 24,
      importedRows: 21,
      duplicateRows: 2,
      errorRows: 1,
      attempts: 2,
    });
    const emails = await poolEmails(vivierId);
    expect(emails).to.have.length(23); // 21 imported, r5 already there, `later`
    expect(new Set(emails).size).to.equal(23);
    expect(importJobRuns, 'runs of the Agenda job vivier:import-csv').to.equal(0);
  });

  it('a stopping worker releases its running import, not counted as an attempt; another worker resumes it at once', async () => {
    const rows = 5_000;
    const vivierId = await createVivierRow(await createEntreprise());
    const lines = ['email,nom'];
    for (let i = 0; i < rows; i++) lines.push(`stop-${i}@example.cm,Nom ${i}`);
    const id = await queueImportRow(vivierId, lines.join('\n') + '\n');

    // The pool's lock, held here, holds the first batch's commit: the worker stops in the middle
    // of the import, whatever the speed of the machine.
    const holder = await testDb().transaction();
    let stopping: Promise<void> | undefined;
    try {
      await holder('viviers').where({ id: vivierId }).forUpdate().first('id');
      const first = await startTestWorker(new ManualClock(), { idleMs: 50 });
      await waitFor(async () => (await importRow(id)).status === 'RUNNING', 'the first worker to claim it');
      stopping = stopTestWorker(first);
    } finally {
      await holder.rollback();
    }
    await stopping;

    const released = await importRow(id);
    expect(released).to.include({ status: 'RUNNING', attempts: 0, heartbeatAt: null });
    expect(released.lastCommittedLine, 'stopped before the end').to.be.below(rows + 1);
    expect(await poolEmails(vivierId)).to.have.length(released.importedRows);

    // The clock does not move: a released import needs no stale heartbeat to be taken.
    await startTestWorker(new ManualClock(), { idleMs: 50 });
    const done = await waitFor(finished(id), 'the released import to be resumed and finish', 30_000);
    expect(done).to.include({
      status: 'DONE',
      totalRows: rows,
      importedRows: rows,
      duplicateRows: 0,
      errorRows: 0,
      lastCommittedLine: rows + 1,
      attempts: 1,
    });
    const emails = await poolEmails(vivierId);
    expect(emails).to.have.length(rows);
    expect(new Set(emails).size).to.equal(rows);
    expect(importJobRuns, 'runs of the Agenda job vivier:import-csv').to.equal(0);
  });
});
