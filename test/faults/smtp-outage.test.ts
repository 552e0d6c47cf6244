/**
 * The SMTP server is down for a while, through a real `recrutement worker` process: the emails wait
 * in the outbox (PENDING, attempts counted, the error kept), and go out once the server is back;
 * none is lost and none is sent twice. The back-off delays (a minute and more) are not waited for:
 * the test moves each email's next attempt to now, as the passing of that time would.
 */
import { expect } from 'chai';
import { JOB_NAMES } from '../../jobs/names.ts';
import { enqueueEmail } from '../../domain/mail/enqueue-email.ts';
import { domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import {
  agendaJobsMark,
  pollUntil,
  queueJobNow,
  startWorkerProcess,
  stopAllProcesses,
} from '../helpers/processes.ts';
import { SmtpReceiver } from '../helpers/smtp-receiver.ts';
import { unique } from '../helpers/unique.ts';

const EMAILS = 12;

interface OutboxRow {
  id: number;
  status: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  messageId: string | null;
}

describe('Faults: the SMTP server is down for a while (real worker process)', function () {
  this.timeout(60_000);
  const smtp = new SmtpReceiver();
  const jobs = agendaJobsMark();

  before(async () => {
    await jobs.markJobs();
  });

  after(async function () {
    this.timeout(30_000);
    await stopAllProcesses();
    await smtp.stop();
    await jobs.restoreJobs();
  });

  it('emails wait while it is down and go out once, each, when it is back', async () => {
    // Take a free port for the server, then stop it: connections to it are refused.
    await smtp.start();
    const port = smtp.port;
    await smtp.stop();

    const run = unique('smtp-outage');
    const addresses = Array.from({ length: EMAILS }, (_, i) => `${run}-${i}@outage.example.cm`);
    const ids: number[] = [];
    for (const [i, to] of addresses.entries()) {
      ids.push(
        await enqueueEmail(domainCtx(), {
          to,
          subject: `Panne ${i}`,
          text: `Message ${i}`,
          template: 'outage-test',
        }),
      );
    }
    const rows = async () =>
      (await testDb()('outboundEmails').whereIn('id', ids).orderBy('id')) as OutboxRow[];
    /** The back-off delay is over: the next attempt is due now. */
    const timePasses = () =>
      testDb()('outboundEmails').whereIn('id', ids).update({ nextAttemptAt: new Date() });

    await startWorkerProcess('worker', { SMTP_URL: `smtp://127.0.0.1:${port}` });

    // First attempt (the worker's first run): refused, kept for later with the reason.
    await pollUntil(
      async () => (await rows()).every((r) => r.attempts === 1),
      'a first failed attempt of every email',
      20_000,
    );
    for (const r of await rows()) {
      expect(r.status).to.equal('PENDING');
      expect(r.lastError).to.match(/ECONNREFUSED|connect/i);
      expect(r.nextAttemptAt.getTime()).to.be.greaterThan(Date.now() + 30_000);
    }

    // Still down a minute later: a second attempt fails the same way.
    await timePasses();
    await queueJobNow(JOB_NAMES.sendEmails);
    await pollUntil(
      async () => (await rows()).every((r) => r.attempts === 2),
      'a second failed attempt',
      20_000,
    );
    expect((await rows()).every((r) => r.status === 'PENDING')).to.equal(true);
    expect(smtp.received).to.have.length(0);

    // The server is back on its address; at the next due attempt every email goes out.
    await smtp.start(port);
    await timePasses();
    await queueJobNow(JOB_NAMES.sendEmails);
    await pollUntil(async () => (await rows()).every((r) => r.status === 'SENT'), 'every email SENT', 20_000);

    // Runs after that send nothing again.
    await queueJobNow(JOB_NAMES.sendEmails);
    await pollUntil(
      async () => {
        const job = await testDb()('agenda_jobs')
          .where({ name: JOB_NAMES.sendEmails, type: 'normal' })
          .orderBy('id', 'desc')
          .first('lastFinishedAt');
        return job?.lastFinishedAt;
      },
      'the extra run to finish',
      20_000,
    );

    const mine = smtp.received.filter((m) => m.to.some((to) => addresses.includes(to)));
    expect(mine.map((m) => m.to[0]).sort()).to.deep.equal([...addresses].sort());
    for (const r of await rows()) {
      expect(r).to.include({ status: 'SENT', attempts: 3, lastError: null });
      // The stable Message-ID (random part, PUBLIC_URL host) lets a receiver recognise a retry.
      expect(r.messageId).to.match(/^<[0-9a-f-]{36}@localhost>$/);
      const mail = mine.find((m) => m.raw.includes(`Message-ID: ${r.messageId}`));
      expect(mail, `email ${r.id} with its Message-ID`).not.to.equal(undefined);
    }
  });
});
