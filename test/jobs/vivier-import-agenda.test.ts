/**
 * `vivier:import-csv`, the once-a-minute sweep behind the workers' import pumps, run by the real
 * Agenda runner: where no pump runs (`recrutement jobs run`), an upload through the API is imported
 * end to end; where one runs, the job only wakes it, so imports keep to the pump's slots.
 */
import { expect } from 'chai';
import type { Agenda } from 'agenda';
import { buildAgenda } from '../../jobs/agenda.ts';
import { importVivierJob } from '../../jobs/definitions/import-vivier.ts';
import { JOB_NAMES } from '../../jobs/names.ts';
import { startPumps, type RunningPumps } from '../../jobs/outbox/start-pumps.ts';
import { ManualClock } from '../../lib/clock.ts';
import { agent } from '../helpers/app.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import { createEntreprise, createRecruteur } from '../helpers/factories.ts';
import { createVivierRow, poolEmails, queueImportRow } from '../helpers/vivier-factories.ts';
import { waitFor } from './helpers.ts';

describe('Talent-pool import through the Agenda runner (vivier:import-csv)', () => {
  let agenda: Agenda | null = null;
  let pumps: RunningPumps | null = null;

  afterEach(async () => {
    if (agenda) await agenda.stop();
    agenda = null;
    await pumps?.stop();
    pumps = null;
  });

  it('is a once-a-minute sweep (the pumps run the imports as they come)', () => {
    expect(importVivierJob.name).to.equal('vivier:import-csv');
    expect(importVivierJob.every?.(testDeps())?.interval).to.equal('1 minute');
  });

  it('agenda.now() claims the queued import and processes it to DONE', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const lines = ['Prénom,Email,Tags'];
    for (let i = 0; i < 1203; i++) lines.push(`P${i},agenda-${i}@example.cm,"a|b"`);
    lines.push('X,broken,');
    const res = await agent()
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/import`)
      .set(r.auth)
      .attach('file', Buffer.from(lines.join('\n')), { filename: 'pool.csv', contentType: 'text/csv' })
      .expect(200);
    const importId = res.body.data.importId as number;

    agenda = await buildAgenda(testDeps(), {
      processEvery: 100,
      specs: [importVivierJob],
      name: 'import-test',
    });
    await agenda.start();
    await agenda.now(JOB_NAMES.importVivier);
    await waitFor(
      async () => {
        const row = await testDb()('vivierImports').where({ id: importId }).first('status');
        return row.status === 'DONE' || row.status === 'FAILED';
      },
      'the import to finish',
      20_000,
    );

    const status = await agent()
      .get(`/v1/api/recruiters/me/viviers/imports/${importId}`)
      .set(r.auth)
      .expect(200);
    expect(status.body.data).to.include({
      status: 'DONE',
      totalRows: 1204,
      importedRows: 1203,
      duplicateRows: 0,
      errorRows: 1,
    });
    expect(status.body.data.errors).to.deep.equal([
      {
        line: 1205,
        code: 'EMAIL_INVALID',
        params: { value: 'broken' },
        column: 'email',
        message: 'email invalide « broken »',
      },
    ]);
    expect(await poolEmails(vivierId)).to.have.length(1203);
  });

  it('where an import pump runs, the job only wakes it: no import beyond the pump’s slots', async () => {
    const importRow = async (id: number) =>
      (await testDb()('vivierImports').where({ id }).first()) as {
        status: string;
        startedAt: Date | null;
      };
    const busyPool = await createVivierRow(await createEntreprise());
    const busy = await queueImportRow(busyPool, 'email\nbusy@example.cm\n');
    // The pool's lock, held here, keeps the pump's one slot busy with the first import.
    const holder = await testDb().transaction();
    let waiting: number;
    const pumpClock = new ManualClock('2031-03-01T09:00:00Z');
    try {
      await holder('viviers').where({ id: busyPool }).forUpdate().first('id');
      pumps = startPumps(testDeps({ clock: pumpClock }), {
        imports: { slots: 1, idleMs: 60_000 },
        instantAlerts: false,
      });
      await waitFor(
        async () => (await importRow(busy)).status === 'RUNNING',
        'the pump to take the first import',
      );
      waiting = await queueImportRow(
        await createVivierRow(await createEntreprise()),
        'email\nwaiting@example.cm\n',
      );

      agenda = await buildAgenda(testDeps(), {
        processEvery: 100,
        specs: [importVivierJob],
        name: 'import-wake-test',
      });
      const ran = new Promise<string>((resolve) => {
        agenda!.once(`success:${JOB_NAMES.importVivier}`, () => resolve('success'));
        agenda!.once(`fail:${JOB_NAMES.importVivier}`, (err: Error) => resolve(err.message));
      });
      await agenda.start();
      await agenda.now(JOB_NAMES.importVivier);
      expect(await ran).to.equal('success');
      expect((await importRow(waiting)).status, 'left to the pump, whose slot is busy').to.equal('QUEUED');
    } finally {
      await holder.rollback();
    }
    // The slot frees: the pump takes the waiting import (on its clock, so not the job's run).
    const done = await waitFor(
      async () => {
        const row = await importRow(waiting);
        return row.status === 'DONE' ? row : null;
      },
      'the pump to run the waiting import',
      20_000,
    );
    expect(new Date(done.startedAt!).toISOString()).to.equal(pumpClock.now().toISOString());
    expect((await importRow(busy)).status).to.equal('DONE');
  });
});
