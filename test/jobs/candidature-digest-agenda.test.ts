/** `candidatures:daily-digest` run by the real Agenda runner on MysqlBackend, in the test database. */
import { expect } from 'chai';
import type { Agenda } from 'agenda';
import { buildAgenda } from '../../jobs/agenda.ts';
import { candidatureDigestJob } from '../../jobs/definitions/candidature-digest.ts';
import { JOB_NAMES } from '../../jobs/names.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import { createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';
import { applyTo } from '../helpers/offre-factories.ts';
import { agent } from '../helpers/app.ts';
import { waitFor } from './helpers.ts';

describe('Application digests through the Agenda runner (candidatures:daily-digest)', () => {
  let agenda: Agenda | null = null;
  afterEach(async () => {
    if (agenda) await agenda.stop();
    agenda = null;
  });

  it('runs daily at 07:00 in JOBS_TIMEZONE', () => {
    expect(candidatureDigestJob.name).to.equal('candidatures:daily-digest');
    expect(candidatureDigestJob.every?.(testDeps())).to.deep.equal({
      interval: '0 7 * * *',
      timezone: 'Africa/Douala',
    });
  });

  it('agenda.now() writes one digest per DAILY_DIGEST recruiter, listing each new application once', async () => {
    const recruteur = await createRecruteur();
    await agent()
      .put('/v1/api/recruiters/me')
      .set(recruteur.auth)
      .send({ notificationsCandidatures: 'DAILY_DIGEST' })
      .expect(200);
    const offreId = await createOffre(recruteur, { titre: 'Magasinier cariste' });
    for (const prenom of ['Aline', 'Boris']) await applyTo(await createCandidat({ prenom }), offreId);
    expect(await testDb()('outboundEmails').where({ toAddress: recruteur.email })).to.have.length(0);

    agenda = await buildAgenda(testDeps(), {
      processEvery: 100,
      specs: [candidatureDigestJob],
      name: 'digest-test',
    });
    await agenda.start();
    await agenda.now(JOB_NAMES.candidatureDigest);
    const [digest] = await waitFor(
      async () => {
        const rows = await testDb()('outboundEmails').where({ toAddress: recruteur.email });
        return rows.length ? rows : null;
      },
      'the digest email',
      15_000,
    );
    expect(digest.template).to.equal('candidature-digest');
    expect(digest.subject).to.equal('2 nouvelles candidatures');
    expect(digest.textBody).to.contain('Aline Mbarga — Magasinier cariste').and.contain('Boris Mbarga');
    expect(digest.htmlBody).to.contain('Recrutement Cameroun');
  });
});
