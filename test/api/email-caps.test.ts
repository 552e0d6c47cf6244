/**
 * Emails a caller makes the platform send to someone else are bounded, counted in the email
 * outbox: pool invitations (a PENDING one is not re-sent within 7 days; the company's daily cap
 * counts emails, under a lock), company member invitations (daily cap, per-address cooldown, and
 * the same answer for known and unknown addresses), and password reset emails per address.
 * The clock is a ManualClock set in the past: the access tokens, issued now, stay valid on it.
 */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createAdmin, createCandidat, createRecruteur, type TestRecruteur } from '../helpers/factories.ts';
import { addMemberRow, createVivierRow } from '../helpers/vivier-factories.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { emailedToken } from '../helpers/auth-factories.ts';
import { ManualClock } from '../../lib/clock.ts';
import { localDate } from '../../domain/shared/local-date.ts';
import { FORGOT_PASSWORD_FLOOR_MS } from '../../domain/auth/forgot-password.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

async function outboxCount(template: string, to: string[]): Promise<number> {
  const row = (await testDb()('outboundEmails')
    .where({ template })
    .whereIn('toAddress', to)
    .count({ n: '*' })
    .first()) as { n: number };
  return Number(row.n);
}

async function sentToday(kind: string, scopeId: number, clock: ManualClock): Promise<number | undefined> {
  const row = (await testDb()('emailSendCounts')
    .where({ kind, scopeId, period: localDate(clock.now()) })
    .first('sent')) as { sent: number } | undefined;
  return row?.sent;
}

describe('Email caps: talent-pool invitations', () => {
  const invite = (api: ReturnType<typeof agent>, r: TestRecruteur, vivierId: number, ids?: number[]) =>
    api
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/invite`)
      .set(r.auth)
      .send({ message: 'Rejoignez notre vivier', ...(ids ? { candidatVivierIds: ids } : {}) });

  it('re-inviting the same members within 7 days queues no email and lists them as skipped; after 7 days they are emailed again', async () => {
    const clock = new ManualClock(new Date(Date.now() - 30 * DAY));
    const api = agent({ clock });
    const r = await createRecruteur();
    const vivierId = await createVivierRow(r.entrepriseId);
    const emails = [uniqueEmail('relance1'), uniqueEmail('relance2'), uniqueEmail('relance3')];
    const ids: number[] = [];
    for (const e of emails) ids.push(await addMemberRow(vivierId, e));

    const first = await invite(api, r, vivierId).expect(200);
    expect(first.body.data).to.include({ invited: 3, skipped: 0 });
    let last = first;
    for (let i = 0; i < 9; i++) {
      clock.advance(HOUR);
      last = await invite(api, r, vivierId).expect(200);
    }
    expect(await outboxCount('vivier-invitation', emails)).to.equal(3);
    expect(last.body.data.invited).to.equal(0);
    expect(last.body.data.skipped).to.equal(3);
    expect(last.body.data.skippedMembers).to.deep.equal(
      ids.map((id) => ({
        candidatVivierId: id,
        reason: 'ALREADY_INVITED_RECENTLY',
        message: 'Invitation en attente envoyée il y a moins de 7 jours',
      })),
    );
    // The same address in another pool of the company is the same person; an opted-out address
    // is listed too, and the request is no 409 since not everyone is blocked.
    const otherPool = await createVivierRow(r.entrepriseId, 'Autre vivier');
    const again = await addMemberRow(otherPool, emails[0]);
    const stop = uniqueEmail('stop');
    await testDb()('poolInvitationOptOuts').insert({ email: stop, createdAt: new Date() });
    const stopId = await addMemberRow(otherPool, stop);
    const other = await invite(api, r, otherPool).expect(200);
    expect(other.body.data).to.deep.equal({
      invited: 0,
      skipped: 2,
      skippedMembers: [
        {
          candidatVivierId: again,
          reason: 'ALREADY_INVITED_RECENTLY',
          message: 'Invitation en attente envoyée il y a moins de 7 jours',
        },
        {
          candidatVivierId: stopId,
          reason: 'POOL_INVITATION_BLOCKED',
          message:
            'A refusé votre invitation il y a moins de 180 jours, ou ne reçoit plus d’invitation de vivier',
        },
      ],
    });
    expect(await outboxCount('vivier-invitation', [stop])).to.equal(0);

    clock.advance(7 * DAY);
    const later = await invite(api, r, vivierId).expect(200);
    expect(later.body.data).to.deep.equal({ invited: 3, skipped: 0, skippedMembers: [] });
    expect(await outboxCount('vivier-invitation', emails)).to.equal(6);
    expect(await sentToday('pool-invitation', r.entrepriseId, clock)).to.equal(3);
  });

  it('the company’s daily cap counts emails queued, and concurrent requests cannot pass it together', async () => {
    const clock = new ManualClock(new Date(Date.now() - 30 * DAY));
    const r = await createRecruteur();
    await testDb()('emailSendCounts').insert({
      kind: 'pool-invitation',
      scopeId: r.entrepriseId,
      period: localDate(clock.now()),
      sent: 1998,
    });
    const pools = [await createVivierRow(r.entrepriseId, 'A'), await createVivierRow(r.entrepriseId, 'B')];
    const emails: string[] = [];
    for (const pool of pools)
      for (let i = 0; i < 2; i++) {
        const email = uniqueEmail(`course${i}`);
        emails.push(email);
        await addMemberRow(pool, email);
      }
    const answers = await Promise.all(pools.map((pool) => invite(agent({ clock }), r, pool)));
    expect(answers.map((a) => a.status).sort()).to.deep.equal([200, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error.code).to.equal('INVITE_QUOTA_EXCEEDED');
    expect(refused.body.error.details).to.contain('remaining: 0');
    expect(await outboxCount('vivier-invitation', emails)).to.equal(2);
    expect(await sentToday('pool-invitation', r.entrepriseId, clock)).to.equal(2000);

    // The next day the cap starts again.
    clock.advance(DAY);
    const refusedPool = pools[answers.indexOf(refused)];
    await invite(agent({ clock }), r, refusedPool).expect(200);
    expect(await outboxCount('vivier-invitation', emails)).to.equal(4);
  });
});

describe('Email caps: company member invitations', () => {
  const inviteMember = (api: ReturnType<typeof agent>, owner: TestRecruteur, email: string) =>
    api.post('/v1/api/recruiters/company/members/invite').set(owner.auth).send({ email });

  it('answers an existing account (an administrator’s too) exactly as an unknown address, and tells that person by email', async () => {
    const clock = new ManualClock(new Date(Date.now() - 30 * DAY));
    const api = agent({ clock });
    const owner = await createRecruteur();
    const admin = await createAdmin();
    await testDb()('accounts').where({ id: admin.id }).update({ langue: 'en' });
    const unknown = uniqueEmail('inconnu');
    const known = await inviteMember(api, owner, admin.email).expect(200);
    const notKnown = await inviteMember(api, owner, unknown).expect(200);
    expect(known.body.message).to.equal(notKnown.body.message);
    expect(Object.keys(known.body.data)).to.deep.equal(Object.keys(notKnown.body.data));
    expect(known.body.data.expiresAt).to.equal(notKnown.body.data.expiresAt);
    expect(known.body.data.email).to.equal(admin.email);

    expect(await outboxCount('recruiter-invitation', [unknown])).to.equal(1);
    expect(await outboxCount('recruiter-invitation', [admin.email])).to.equal(0);
    const told = await testDb()('outboundEmails')
      .where({ toAddress: admin.email, template: 'recruiter-invitation-existing-account' })
      .first('subject', 'textBody');
    expect(told.subject).to.match(/^Invitation to join /);
    expect(told.textBody).to.contain('Paul Nkoulou').and.contain('already has an account');
    expect(told.textBody).not.to.match(/token|[A-Za-z0-9_-]{40,}/);
  });

  it('refuses the same address again within 24 hours (409 ALREADY_INVITED_RECENTLY), known or not; sends it again after', async () => {
    const clock = new ManualClock(new Date(Date.now() - 30 * DAY));
    const api = agent({ clock });
    const owner = await createRecruteur();
    const candidat = await createCandidat();
    const unknown = uniqueEmail('deux-fois');
    for (const email of [unknown, candidat.email]) {
      await inviteMember(api, owner, email).expect(200);
      clock.advance(23 * HOUR);
      const again = await inviteMember(api, owner, email.toUpperCase());
      const emailsTo =
        (await outboxCount('recruiter-invitation', [email])) +
        (await outboxCount('recruiter-invitation-existing-account', [email]));
      expect(emailsTo).to.equal(1);
      expect(again.status).to.equal(409);
      expect(again.body.error.code).to.equal('ALREADY_INVITED_RECENTLY');
      expect(again.body.error.message).to.equal('Cette adresse a été invitée il y a moins de 24 heures');
      expect(again.body.error.details).to.match(
        /^Cette adresse a été invitée il y a moins de 24 heures \(retry after: \d{4}-\d\d-\d\dT[\d:.]+Z\)$/,
      );
      clock.advance(HOUR + 1000);
    }
    expect(await outboxCount('recruiter-invitation', [unknown])).to.equal(1);
    expect(await outboxCount('recruiter-invitation-existing-account', [candidat.email])).to.equal(1);
    await inviteMember(api, owner, unknown).expect(200);
    expect(await outboxCount('recruiter-invitation', [unknown])).to.equal(2);
    // Another company is not held back by this one's invitation.
    const otherOwner = await createRecruteur();
    await inviteMember(api, otherOwner, unknown).expect(200);
  });

  it('caps a company at 20 invitations a day, counting known and unknown addresses alike', async () => {
    const clock = new ManualClock(new Date(Date.now() - 30 * DAY));
    const api = agent({ clock });
    const owner = await createRecruteur();
    const candidat = await createCandidat();
    // The known address first: it takes its place in the cap like any other.
    const addresses = [candidat.email, ...Array.from({ length: 21 }, (_, i) => uniqueEmail(`equipe${i}`))];
    const statuses: number[] = [];
    for (const email of addresses) statuses.push((await inviteMember(api, owner, email)).status);
    const queued =
      (await outboxCount('recruiter-invitation', addresses)) +
      (await outboxCount('recruiter-invitation-existing-account', addresses));
    expect(queued).to.equal(20);
    expect(statuses).to.deep.equal([...Array<number>(20).fill(200), 429, 429]);
    const over = await inviteMember(api, owner, addresses[21]).expect(429);
    expect(over.body.error).to.include({
      code: 'INVITE_QUOTA_EXCEEDED',
      message: '20 invitations de membres au plus par entreprise et par jour',
      details: '20 invitations de membres au plus par entreprise et par jour (remaining: 0)',
    });
    const overEn = await inviteMember(api, owner, addresses[21]).set('Accept-Language', 'en').expect(429);
    expect(overEn.body.error.message).to.equal('At most 20 member invitations per company per day');
    expect(await sentToday('member-invitation', owner.entrepriseId, clock)).to.equal(20);
    clock.advance(DAY);
    await inviteMember(api, owner, addresses[21]).expect(200);
  });
});

describe('Email caps: forgot-password', () => {
  const forgot = (api: ReturnType<typeof agent>, email: string) =>
    api.post('/v1/api/auth/forgot-password').send({ email });

  it('sends one address at most 3 reset emails an hour and 10 a day, with the same answer and floor when capped', async () => {
    // 08:00 UTC is 09:00 in Douala: the hours below stay on one Cameroon day.
    const clock = new ManualClock('2031-03-10T08:00:00Z');
    const api = agent({ clock });
    const candidat = await createCandidat();
    const unknown = await forgot(api, uniqueEmail('personne')).expect(200);
    for (let i = 0; i < 3; i++) await forgot(api, candidat.email).expect(200);
    const started = performance.now();
    const capped = await forgot(api, candidat.email).expect(200);
    expect(performance.now() - started).to.be.at.least(FORGOT_PASSWORD_FLOOR_MS - 1);
    expect(capped.body).to.deep.equal(unknown.body);
    expect(await outboxCount('password-reset', [candidat.email])).to.equal(3);

    // 3 more in each of the next hours, until 10 in the day.
    for (let hour = 1; hour <= 3; hour++) {
      clock.advance(HOUR);
      for (let i = 0; i < 4; i++) await forgot(api, candidat.email).expect(200);
    }
    expect(await outboxCount('password-reset', [candidat.email])).to.equal(10);
    clock.advance(DAY);
    await forgot(api, candidat.email).expect(200);
    expect(await outboxCount('password-reset', [candidat.email])).to.equal(11);
  });

  it('a capped request leaves the newest link valid', async () => {
    const clock = new ManualClock('2031-04-10T08:00:00Z');
    const api = agent({ clock });
    const candidat = await createCandidat();
    for (let i = 0; i < 3; i++) await forgot(api, candidat.email).expect(200);
    const newest = await emailedToken(candidat.email, 'password-reset');
    await forgot(api, candidat.email).expect(200);
    await api
      .post('/v1/api/auth/reset-password')
      .send({ token: newest, newPassword: 'Nouveau-Secret-2031' })
      .expect(200);
  });
});
