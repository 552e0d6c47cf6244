/** `vivier:import-csv` run by the real Agenda runner: an upload through the API is imported end to end. */
import { expect } from 'chai';
import type { Agenda } from 'agenda';
import { buildAgenda } from '../../jobs/agenda.ts';
import { importVivierJob } from '../../jobs/definitions/import-vivier.ts';
import { JOB_NAMES } from '../../jobs/names.ts';
import { agent } from '../helpers/app.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import { createRecruiter } from '../helpers/factories.ts';
import { createVivierRow, poolEmails } from '../helpers/vivier-factories.ts';
import { waitFor } from './helpers.ts';

describe('Talent-pool import through the Agenda runner (vivier:import-csv)', () => {
  let agenda: Agenda | null = null;

  afterEach(async () => {
    if (agenda) await agenda.stop();
    agenda = null;
  });

  it('runs every few seconds', () => {
    expect(importVivierJob.name).to.equal('vivier:import-csv');
    expect(importVivierJob.every?.(testDeps())?.interval).to.match(/^\d+ seconds$/);
  });

  it('agenda.now() claims the queued import and processes it to DONE', async () => {
    const r = await createRecruiter();
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

    agenda = buildAgenda(testDeps(), { processEvery: 100, specs: [importVivierJob], name: 'import-test' });
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
});
