/**
 * Retention of inactive candidates and stale pool members on a controllable clock: the job run
 * as the worker runs it (its definition, a system actor), then the CLI's dry run.
 */
import { expect } from 'chai';
import type { Job } from 'agenda';
import { ManualClock } from '../../lib/clock.ts';
import { privacyRetentionJob } from '../../jobs/definitions/privacy-retention.ts';
import { runPrivacyRetention, retentionCutoff } from '../../domain/privacy/retention.ts';
import { domainCtx } from '../helpers/app.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import { createCandidat, createOffre, createRecruteur, createEntreprise } from '../helpers/factories.ts';
import { applyTo } from '../helpers/profile-factories.ts';
import { expectCountersExact } from '../helpers/offre-factories.ts';
import { createVivierRow, addMemberRow } from '../helpers/vivier-factories.ts';
import { runBinary, parseJson } from '../helpers/cli.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe('Privacy retention (job privacy:retention)', function () {
  this.timeout(120000);

  it('notice at T-30 days, anonymisation at T, active accounts kept, counters unchanged, audited, idempotent', async () => {
    const db = testDb();
    // Last activity 30 months before the real now: every date of the test is in the past, so rows
    // other tests create (active now) are never due.
    const months = 24;
    const last = new Date(Date.now() - 30 * 30 * DAY);
    const T = retentionCutoff(last, -months); // last activity + 24 months
    const clock = new ManualClock(new Date(T.getTime() - 31 * DAY));
    const deps = { ...testDeps({ clock, config: { privacyRetentionMonths: months } }) };
    const run = () => privacyRetentionJob.run({} as Job, deps);
    const dry = () =>
      runPrivacyRetention(
        domainCtx({ type: 'system', id: 'test' }, { clock, config: { privacyRetentionMonths: months } }),
        { dryRun: true },
      );

    const recruteur = await createRecruteur();
    const offreId = await createOffre(recruteur);
    const inactive = await createCandidat({ nom: 'Dormant' });
    const active = await createCandidat({ nom: 'Actif' });
    const returning = await createCandidat({ nom: 'Revenant' });
    const old = new Date(last.getTime() - 60 * DAY);
    for (const c of [inactive, active, returning]) {
      await db('accounts').where({ id: c.id }).update({ createdAt: old, lastLoginAt: last });
      await db('candidates').where({ id: c.id }).update({ updatedAt: old });
    }
    const application = await applyTo(inactive.id, offreId);
    await db('candidatures').where({ id: application }).update({ dateCandidature: old });
    await applyTo(active.id, offreId);
    // The active one logged in a year after `last`: nowhere near due.
    await db('accounts')
      .where({ id: active.id })
      .update({ lastLoginAt: new Date(last.getTime() + 365 * DAY) });
    const countersBefore = await expectCountersExact(offreId);

    const pool = await createVivierRow(await createEntreprise());
    const staleMember = await addMemberRow(pool, `stale.${inactive.id}@example.cm`);
    const invitedMember = await addMemberRow(pool, `invited.${inactive.id}@example.cm`);
    const freshMember = await addMemberRow(pool, `fresh.${inactive.id}@example.cm`);
    await db('vivierCandidats').whereIn('id', [staleMember, invitedMember]).update({ updatedAt: last });
    await db('vivierCandidats')
      .where({ id: freshMember })
      .update({ updatedAt: new Date(last.getTime() + 200 * DAY) });
    await db('poolInvitations').insert({
      vivierCandidatId: invitedMember,
      entrepriseId: recruteur.entrepriseId,
      email: `invited.${inactive.id}@example.cm`,
      status: 'PENDING',
      optOutToken: `tok${invitedMember}${Date.now()}`,
      createdAt: last,
    });

    const mine = [inactive.id, active.id, returning.id];
    const audits = async () =>
      (await db('auditLogs')
        .where((w) => {
          w.where({ targetType: 'candidate' })
            .whereIn('targetId', mine.map(String))
            .orWhere((m) => {
              m.where({ targetType: 'vivier_candidat' }).whereIn(
                'targetId',
                [staleMember, invitedMember, freshMember].map(String),
              );
            });
        })
        .where('action', 'like', 'privacy.%')
        .orderBy('id')
        .select('actorType', 'actorId', 'action', 'targetType', 'targetId')) as {
        actorType: string;
        actorId: string;
        action: string;
        targetId: string;
      }[];
    const notices = async () =>
      (
        await db('outboundEmails')
          .where({ template: 'privacy-inactivity-notice' })
          .whereIn('toAddress', [inactive.email, active.email, returning.email])
          .select('toAddress')
      ).map((r: { toAddress: string }) => r.toAddress);

    // T-31 days: nothing yet.
    await run();
    expect(await notices()).to.deep.equal([]);
    expect(await audits()).to.deep.equal([]);

    // T-30 days (+1 hour): the two inactive ones get their notice, once.
    clock.set(new Date(T.getTime() - 30 * DAY + HOUR));
    const preview = await dry();
    expect(preview.noticed.map((n) => n.candidateId)).to.include.members([inactive.id, returning.id]);
    expect(await notices()).to.deep.equal([]); // the dry run wrote nothing
    await run();
    expect((await notices()).sort()).to.deep.equal([inactive.email, returning.email].sort());
    await run();
    expect(await notices()).to.have.length(2);
    const afterNotice = await audits();
    expect(afterNotice.map((a) => [a.action, a.targetId])).to.have.deep.members([
      ['privacy.inactivity_notice', String(inactive.id)],
      ['privacy.inactivity_notice', String(returning.id)],
    ]);
    for (const a of afterNotice)
      expect(a).to.include({ actorType: 'system', actorId: 'job:privacy:retention' });

    // The returning one signs in after the notice (profile change counts too).
    await db('accounts')
      .where({ id: returning.id })
      .update({ lastLoginAt: new Date(T.getTime() - 10 * DAY) });

    // T-1 hour: still nothing erased.
    clock.set(new Date(T.getTime() - HOUR));
    await run();
    expect(await db('accounts').where({ id: inactive.id }).first('id')).to.not.equal(undefined);

    // T (+1 hour): the inactive account is erased as a deletion would; the others are kept.
    clock.set(new Date(T.getTime() + HOUR));
    await run();
    expect(await db('accounts').where({ id: inactive.id }).first('id')).to.equal(undefined);
    expect(await db('candidates').where({ id: inactive.id }).first('id')).to.equal(undefined);
    const anonymised = await db('candidatures').where({ id: application }).first();
    expect(anonymised).to.include({ candidatId: null, lettreMotivation: null });
    expect(Boolean(anonymised.anonymized)).to.equal(true);
    expect(await db('accounts').where({ id: active.id }).first('id')).to.deep.equal({ id: active.id });
    expect(await db('accounts').where({ id: returning.id }).first('id')).to.deep.equal({ id: returning.id });
    expect(await db('privacyNotices').where({ accountId: returning.id }).first()).to.equal(undefined);
    expect(await expectCountersExact(offreId)).to.deep.equal(countersBefore);

    // Pool members: the stale uninvited one is removed; the invited one and the recent one stay.
    const members = (await db('vivierCandidats').where({ vivierId: pool }).select('id')).map(
      (m: { id: number }) => m.id,
    );
    expect(members.sort()).to.deep.equal([invitedMember, freshMember].sort());

    const afterErase = await audits();
    expect(afterErase.slice(afterNotice.length).map((a) => [a.action, a.targetId])).to.have.deep.members([
      ['privacy.candidate_anonymised', String(inactive.id)],
      ['privacy.pool_member_removed', String(staleMember)],
    ]);
    for (const a of afterErase)
      expect(a).to.include({ actorType: 'system', actorId: 'job:privacy:retention' });

    // A second run does nothing more.
    await run();
    expect(await audits()).to.deep.equal(afterErase);
    // The erased account's unsent notice went with it (as in a deletion); no new notice for anyone.
    expect(await notices()).to.deep.equal([returning.email]);
    const again = await dry();
    expect(again.anonymised.map((a) => a.candidateId)).not.to.include.members([inactive.id]);
    expect(again.poolMembersRemoved.map((m) => m.memberId)).not.to.include(staleMember);

    // The CLI's dry run reports the same way, as JSON.
    const cli = await runBinary(['privacy', 'run', '--dry-run', '--json']);
    expect(cli.code, cli.stderr).to.equal(0);
    const report = parseJson<{ dryRun: boolean; noticed: unknown[]; anonymised: unknown[] }>(cli);
    expect(report.dryRun).to.equal(true);
    expect(report.anonymised).to.be.an('array');
  });
});
