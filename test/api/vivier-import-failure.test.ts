/**
 * Why an import failed, as its view and the list of imports say it: in the reader's language, from
 * the code stored with the failure; the stored English sentence stays for logs and the CLI.
 */
import { expect } from 'chai';
import { runVivierImport } from '../../domain/viviers/run-vivier-import.ts';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createRecruteur } from '../helpers/factories.ts';
import { createVivierRow } from '../helpers/vivier-factories.ts';

describe('Talent pools: why an import failed, in the reader’s language', () => {
  it('says a broken quote and the people taken back out in French or English; the row keeps the English', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const csv = [
      'email;nom',
      'a@example.cm;Atangana',
      'b@example.cm;Bella',
      'c@example.cm;Chimi',
      'd@example.cm;"Douala',
      'e@example.cm;Eto’o',
    ].join('\n');
    const api = agent();
    const queued = await api
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/import`)
      .set(r.auth)
      .attach('file', Buffer.from(csv), { filename: 'membres.csv' })
      .expect(200);
    const importId = queued.body.data.importId as number;
    const progress = await runVivierImport(domainCtx(), importId, { batchSize: 2 });
    expect(progress.status).to.equal('FAILED');

    const url = `/v1/api/recruiters/me/viviers/imports/${importId}`;
    const fr = await api.get(url).set(r.auth).expect(200);
    expect(fr.body.data.failureMessage).to.equal(
      'CSV mal formé à la ligne 5 : un guillemet ouvre une cellule ici et n’est jamais fermé. ' +
        'Rien de ce fichier n’est resté dans le vivier (2 personnes importées avant l’erreur en ont été retirées).',
    );
    const en = await api.get(url).set(r.auth).set('Accept-Language', 'en').expect(200);
    expect(en.body.data.failureMessage).to.equal(
      'Malformed CSV at line 5: a quote opens a cell here and is never closed. ' +
        'Nothing of this file was kept in the pool (2 people imported before the fault were removed).',
    );
    expect(progress.failureMessage).to.equal(en.body.data.failureMessage);
    const list = await api.get(`/v1/api/recruiters/me/viviers/${vivierId}/imports`).set(r.auth).expect(200);
    expect(list.body.content[0].failureMessage).to.equal(fr.body.data.failureMessage);

    const [row] = await testDb()('vivierImports').where({ id: importId }).select('failureMessage');
    expect(row.failureMessage).to.equal(en.body.data.failureMessage);
    expect(await testDb()('vivierCandidats').where({ vivierId }).count({ n: '*' })).to.deep.equal([{ n: 0 }]);
  });

  it('an import failed before codes existed shows its stored sentence', async () => {
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const [importId] = await testDb()('vivierImports').insert({
      vivierId,
      status: 'FAILED',
      failureMessage: 'Malformed CSV near line 3',
    });
    const view = await agent()
      .get(`/v1/api/recruiters/me/viviers/imports/${importId}`)
      .set(r.auth)
      .expect(200);
    expect(view.body.data.failureMessage).to.equal('Malformed CSV near line 3');
  });
});
