import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { parseJson } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { createDraft, recruteurWithPlan } from '../helpers/offre-factories.ts';
import { seedScamRules } from '../../seeds/scam-rules.ts';

describe('CLI: recrutement moderation', function () {
  this.timeout(180000);
  before(() => seedScamRules(testDb()));

  it('lists a held offer in the queue, then rejects and publishes through the same use cases', async () => {
    const recruteur = await recruteurWithPlan();
    const held = await createDraft(recruteur, {
      description: 'Contact uniquement par WhatsApp au 690 00 00 00.',
    });
    await agent().post(`/v1/api/offres/${held}/publish`).set(recruteur.auth).expect(200);

    const list = await runInProcess(['moderation', 'list', '--json']);
    expect(list.code, list.stderr).to.equal(0);
    const items = parseJson<{ offreId: number | null; moderationStatus: string; reasons: string[] }[]>(list);
    expect(items.find((i) => i.offreId === held)).to.include({ moderationStatus: 'HELD' });

    const missing = await runInProcess(['moderation', 'reject', String(held)]);
    expect(missing.code).to.not.equal(0);

    const rejected = await runInProcess([
      'moderation',
      'reject',
      String(held),
      '--reason',
      'Numéro WhatsApp seul',
      '--json',
    ]);
    expect(rejected.code, rejected.stderr).to.equal(0);
    expect(parseJson<{ status: string }>(rejected).status).to.equal('REJECTED');
    const audit = await testDb()('auditLogs')
      .where({ action: 'offre.moderation.reject', targetId: String(held) })
      .first();
    expect(audit.actorId).to.match(/^cli:/);

    // Published again by its recruiter, a rejected offer goes back to the queue, RESUBMITTED.
    const again = await agent().post(`/v1/api/offres/${held}/publish`).set(recruteur.auth).expect(200);
    expect(again.body.data.moderation.reasons).to.include('RESUBMITTED');
    const published = await runInProcess(['moderation', 'publish', String(held), '--json']);
    expect(published.code, published.stderr).to.equal(0);
    expect(parseJson<{ offreStatus: string }>(published).offreStatus).to.equal('PUBLISHED');

    const rules = await runInProcess(['moderation', 'rules', '--json']);
    expect(parseJson<{ code: string }[]>(rules).map((r) => r.code)).to.include('WHATSAPP_ONLY');
  });
});
