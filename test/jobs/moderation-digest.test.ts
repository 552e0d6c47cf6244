/**
 * The daily email of what waits for an administrator: `admins:moderation-digest` run by the real
 * Agenda runner, then `recrutement admin digest` from the CLI, and an administrator's opt-out
 * through PUT /admin/account/notifications. Each test runs on a Cameroon day of its own (a manual clock),
 * since the email is one per administrator and day.
 */
import { expect } from 'chai';
import type { Agenda } from 'agenda';
import { buildAgenda } from '../../jobs/agenda.ts';
import { moderationDigestJob } from '../../jobs/definitions/moderation-digest.ts';
import { JOB_NAMES } from '../../jobs/names.ts';
import { ManualClock } from '../../lib/clock.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import { createAdmin, createRecruteur, type TestAccount } from '../helpers/factories.ts';
import { agent } from '../helpers/app.ts';
import { parseJson } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { waitFor } from './helpers.ts';

const digestsTo = (to: string) =>
  testDb()('outboundEmails').where({ toAddress: to, template: 'admin-moderation-digest' }).orderBy('id');

/** A recruiter awaiting approval since 2020, so that it is the oldest and named first. */
async function oldPendingRecruiter(prenom: string): Promise<string> {
  const r = await createRecruteur({ status: 'PENDING_APPROVAL' });
  await testDb()('recruiters')
    .where({ id: r.id })
    .update({ prenom, createdAt: new Date('2020-01-06T09:00:00Z') });
  const e = (await testDb()('entreprises').where({ id: r.entrepriseId }).first('nomEntreprise')) as {
    nomEntreprise: string;
  };
  return e.nomEntreprise;
}

describe('The moderation digest to administrators (admins:moderation-digest)', function () {
  this.timeout(60_000);
  let agenda: Agenda | null = null;
  afterEach(async () => {
    if (agenda) await agenda.stop();
    agenda = null;
  });

  it('runs daily at 08:00 in JOBS_TIMEZONE', () => {
    expect(moderationDigestJob.name).to.equal('admins:moderation-digest');
    expect(moderationDigestJob.every?.(testDeps())).to.deep.equal({
      interval: '0 8 * * *',
      timezone: 'Africa/Douala',
    });
  });

  it('agenda.now() emails each administrator once a day what waits; one who turned it off gets nothing', async () => {
    const nomEntreprise = await oldPendingRecruiter('Zoé');
    const admin = await createAdmin();
    const quiet: TestAccount = await createAdmin();
    const mine = await agent().get('/v1/api/admin/account/notifications').set(admin.auth).expect(200);
    expect(mine.body.data).to.deep.equal({ moderationDigest: true });
    const off = await agent()
      .put('/v1/api/admin/account/notifications')
      .set(quiet.auth)
      .set('Accept-Language', 'en')
      .send({ moderationDigest: false })
      .expect(200);
    expect(off.body).to.include({ message: 'Notifications updated' });
    expect(off.body.data).to.deep.equal({ moderationDigest: false });
    for (const bad of [{ moderationDigest: 'no' }, {}, { moderationDigest: false, extra: 1 }])
      await agent().put('/v1/api/admin/account/notifications').set(admin.auth).send(bad).expect(400);
    const audit = await testDb()('auditLogs')
      .where({ action: 'admin.notifications_updated', targetId: String(quiet.id) })
      .first('actorId');
    expect(audit?.actorId).to.equal(String(quiet.id));

    const clock = new ManualClock('2031-03-04T07:00:00Z');
    const lastFinished = async () => {
      const job = (await testDb()('agenda_jobs')
        .where({ name: JOB_NAMES.moderationDigest })
        .orderBy('lastFinishedAt', 'desc')
        .first('lastFinishedAt')) as { lastFinishedAt: Date | null } | undefined;
      return job?.lastFinishedAt?.getTime() ?? null;
    };
    /** One run of the job through the runner, to its end. */
    const runOnce = async () => {
      const before = await lastFinished();
      await agenda!.now(JOB_NAMES.moderationDigest);
      await waitFor(async () => ((await lastFinished()) ?? before) !== before || null, 'the run', 15_000);
    };
    agenda = await buildAgenda(testDeps({ clock }), {
      processEvery: 100,
      specs: [moderationDigestJob],
      name: 'moderation-digest-test',
    });
    await agenda.start();
    await runOnce();
    const [digest] = await digestsTo(admin.email);
    expect(digest.subject).to.match(/^Modération : \d+ éléments? en attente$/);
    expect(digest.textBody)
      .to.match(/\d+ comptes? recruteurs? à valider \(le plus ancien inscrit le 6 janvier 2020\)/)
      .and.contain(`Zoé Nkoulou — ${nomEntreprise}`)
      .and.contain('recrutement recruiters pending')
      .and.contain('moderationDigest à false');
    expect(digest.htmlBody).to.contain('Recrutement Cameroun');
    expect(await digestsTo(quiet.email)).to.have.length(0);

    // A second run the same day sends nothing more.
    clock.advance(3_600_000);
    await runOnce();
    expect(await digestsTo(admin.email)).to.have.length(1);
  });

  it('`recrutement admin digest`: --dry-run counts and writes nothing; a run queues the emails', async () => {
    await oldPendingRecruiter('Yves');
    const admin = await createAdmin();
    const clock = new ManualClock('2031-03-11T07:00:00Z');
    const dry = await runInProcess(['admin', 'digest', '--dry-run', '--json'], { clock });
    expect(dry.code, dry.stderr).to.equal(0);
    const report = parseJson<Record<string, number | boolean>>(dry);
    expect(report).to.have.all.keys('waiting', 'recruiters', 'offres', 'apps', 'admins', 'dryRun');
    expect(report.dryRun).to.equal(true);
    expect(report.recruiters).to.be.at.least(1);
    expect(report.waiting).to.equal(
      (report.recruiters as number) + (report.offres as number) + (report.apps as number),
    );
    expect(report.admins).to.be.at.least(1);
    expect(await digestsTo(admin.email)).to.have.length(0);

    const real = await runInProcess(['admin', 'digest'], { clock });
    expect(real.code, real.stderr).to.equal(0);
    expect(real.stdout).to.contain('recruiters to approve').and.contain('apps to review');
    expect(real.stdout).to.match(/\d+ item\(s\) wait; \d+ email\(s\) queued for the job runner/);
    expect(await digestsTo(admin.email)).to.have.length(1);
    const again = await runInProcess(['admin', 'digest', '--json'], { clock });
    expect(parseJson<{ admins: number }>(again).admins).to.equal(0);
    expect(await digestsTo(admin.email)).to.have.length(1);
  });
});
