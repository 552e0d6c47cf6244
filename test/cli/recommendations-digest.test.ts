/** `recrutement recommendations digest [--dry-run]`: the weekly digest run now, from the CLI. */
import { expect } from 'chai';
import { ManualClock } from '../../lib/clock.ts';
import { testDb } from '../helpers/env.ts';
import { agent } from '../helpers/app.ts';
import { createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';
import { uniqueWord } from '../helpers/offre-factories.ts';
import { parseJson } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';

describe('CLI: recrutement recommendations digest', function () {
  this.timeout(60_000);
  let candidatId: number | null = null;
  after(async () => {
    if (candidatId)
      await testDb()('recommendationPreferences').where({ candidatId }).update({ digestHebdo: false });
  });

  it('--dry-run reports and writes nothing; a run queues the digest; a second run in the week sends nothing', async () => {
    const [title, skill] = [uniqueWord('dca'), uniqueWord('dcb')];
    const recruteur = await createRecruteur();
    await createOffre(recruteur, { titre: title, competences: [skill] });
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
    // Wednesday 7 May 2031: its week starts on Monday the 5th.
    const clock = new ManualClock('2031-05-07T10:00:00Z');
    const emails = () =>
      testDb()('outboundEmails').where({ toAddress: c.email, template: 'recommendation-digest' });

    const dry = await runInProcess(['recommendations', 'digest', '--dry-run', '--json'], { clock });
    expect(dry.code, dry.stderr).to.equal(0);
    const dryReport = parseJson<Record<string, unknown>>(dry);
    expect(dryReport).to.have.all.keys(
      'weekStart',
      'candidatsScanned',
      'digestsSent',
      'offresSent',
      'smsQueued',
      'candidatsFailed',
      'dryRun',
    );
    expect(dryReport).to.include({ weekStart: '2031-05-05', dryRun: true });
    expect(await emails()).to.have.length(0);

    const real = await runInProcess(['recommendations', 'digest'], { clock });
    expect(real.code, real.stderr).to.equal(0);
    expect(real.stdout)
      .to.contain('week of')
      .and.match(/\d+ digest\(s\) queued for the job runner/);
    expect(await emails()).to.have.length(1);

    const again = await runInProcess(['recommendations', 'digest', '--json'], { clock });
    expect(again.code, again.stderr).to.equal(0);
    expect(await emails()).to.have.length(1);
  });
});
