/** `recommendations:weekly-digest` run by the real Agenda runner on MysqlBackend, in the test database. */
import { expect } from 'chai';
import type { Agenda } from 'agenda';
import { buildAgenda } from '../../jobs/agenda.ts';
import { recommendationsDigestJob } from '../../jobs/definitions/recommendations-digest.ts';
import { definitions } from '../../jobs/definitions/index.ts';
import { JOB_NAMES } from '../../jobs/names.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import { createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';
import { uniqueWord } from '../helpers/offre-factories.ts';
import { agent } from '../helpers/app.ts';
import { waitFor } from './helpers.ts';

describe('Weekly recommendation digest through the Agenda runner (recommendations:weekly-digest)', () => {
  let agenda: Agenda | null = null;
  let candidatId: number | null = null;
  afterEach(async () => {
    if (agenda) await agenda.stop();
    agenda = null;
    if (candidatId)
      await testDb()('recommendationPreferences').where({ candidatId }).update({ digestHebdo: false });
    candidatId = null;
  });

  it('runs on Mondays at 08:00 in JOBS_TIMEZONE, and the worker schedules it', () => {
    expect(recommendationsDigestJob.name).to.equal('recommendations:weekly-digest');
    expect(recommendationsDigestJob.every?.(testDeps())).to.deep.equal({
      interval: '0 8 * * 1',
      timezone: 'Africa/Douala',
    });
    expect(definitions).to.include(recommendationsDigestJob);
  });

  it('agenda.now() emails a subscribed candidate the offers recommended to them', async () => {
    const [title, skill] = [uniqueWord('dja'), uniqueWord('djb')];
    const recruteur = await createRecruteur();
    const offreId = await createOffre(recruteur, { titre: `${title} qualifié`, competences: [skill] });
    const c = await createCandidat();
    candidatId = c.id;
    await agent()
      .put('/v1/api/candidats/me')
      .set(c.auth)
      .send({ jobTitle: title, competences: [skill] })
      .expect(200);
    await agent()
      .put('/v1/api/candidats/me/recommandations/preferences')
      .set(c.auth)
      .send({ digestHebdo: true })
      .expect(200);

    agenda = await buildAgenda(testDeps(), {
      processEvery: 100,
      specs: [recommendationsDigestJob],
      name: 'recommendations-digest-test',
    });
    await agenda.start();
    await agenda.now(JOB_NAMES.recommendationsDigest);
    const [digest] = await waitFor(
      async () => {
        const rows = await testDb()('outboundEmails').where({
          toAddress: c.email,
          template: 'recommendation-digest',
        });
        return rows.length ? rows : null;
      },
      'the digest email',
      30_000,
    );
    expect(digest.subject).to.equal('1 offre pour vous cette semaine');
    expect(digest.textBody).to.contain(`${title} qualifié`);
    const sent = await testDb()('recommendationDigestOffres').where({ candidatId: c.id });
    expect(sent.map((r: { offreId: number }) => r.offreId)).to.deep.equal([offreId]);
  });
});
