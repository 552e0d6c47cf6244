/**
 * The weekly "offers for you" digest (domain/recommendations/send-weekly-digests.ts) on a manual
 * clock: the best recommendations in one email, only offers never sent before the next week,
 * nothing twice on a re-run or with two runs at once, nothing to unsubscribed, disabled or
 * profile-less candidates, never a dismissed, applied-to or closed offer; the email read with
 * parse5 and its one-click unsubscribe; the SMS in one GSM segment (checked with an independent
 * calculator), held by quiet hours and the one-alert-SMS-a-day rule. Titles and skills are words
 * no other test uses, so other files' offers never rank for these candidates.
 */
import { expect } from 'chai';
import { SegmentedMessage } from 'sms-segments-calculator';
import { ManualClock } from '../../lib/clock.ts';
import { sendWeeklyDigests, DIGEST_MAX_OFFRES } from '../../domain/recommendations/index.ts';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createOffre, createRecruteur, type TestAccount } from '../helpers/factories.ts';
import { uniqueWord } from '../helpers/offre-factories.ts';
import { applyTo } from '../helpers/profile-factories.ts';
import { confirmedSmsPhone, smsTo } from '../helpers/sms-factories.ts';
import { readEmailHtml, textLink } from '../helpers/email-html.ts';

const DAY = 86_400_000;
const RECO = '/v1/api/candidats/me/recommandations';
/** Monday 3 March 2031, 09:00 in Douala: the job's usual hour, outside SMS quiet hours. */
const MONDAY = new Date('2031-03-03T08:00:00Z');

interface DigestEmail {
  id: number;
  subject: string;
  textBody: string;
  htmlBody: string;
  headers: string | Record<string, string>;
}

const headersOf = (e: DigestEmail): Record<string, string> =>
  typeof e.headers === 'string' ? JSON.parse(e.headers) : e.headers;

describe('Recommendations: the weekly digest', function () {
  this.timeout(120_000);
  let subscribed: number[] = [];

  // A later run must not serve this test's candidates (nor slow down on them).
  afterEach(async () => {
    if (subscribed.length)
      await testDb()('recommendationPreferences')
        .whereIn('candidatId', subscribed)
        .update({ digestHebdo: false });
    subscribed = [];
  });

  async function villeId(slug: string): Promise<number> {
    return ((await testDb()('villes').where({ slug }).first('id')) as { id: number }).id;
  }

  /** A candidate whose profile has this title and these skills, in Douala, subscribed unless told. */
  async function candidat(
    jobTitle: string,
    competences: string[],
    opts: { subscribe?: boolean; prenom?: string } = {},
  ): Promise<TestAccount> {
    const c = await createCandidat({ prenom: opts.prenom });
    await agent()
      .put('/v1/api/candidats/me')
      .set(c.auth)
      .send({ jobTitle, competences, villeId: await villeId('douala') })
      .expect(200);
    if (opts.subscribe !== false) await subscribe(c);
    return c;
  }

  async function subscribe(c: TestAccount): Promise<void> {
    const res = await agent().put(`${RECO}/preferences`).set(c.auth).send({ digestHebdo: true }).expect(200);
    expect(res.body.data.digestHebdo).to.equal(true);
    subscribed.push(c.id);
  }

  const run = (clock: ManualClock) => sendWeeklyDigests(domainCtx(undefined, { clock }));

  async function digests(c: TestAccount): Promise<DigestEmail[]> {
    return testDb()('outboundEmails')
      .where({ toAddress: c.email, template: 'recommendation-digest' })
      .orderBy('id');
  }

  async function sentOffres(c: TestAccount): Promise<number[]> {
    const rows = (await testDb()('recommendationDigestOffres')
      .where({ candidatId: c.id })
      .orderBy(['digestId', 'position'])) as { offreId: number }[];
    return rows.map((r) => r.offreId);
  }

  /** The offers a digest email links to, in its order (each card's title link). */
  function linkedOffres(e: DigestEmail): number[] {
    const html = readEmailHtml(e.htmlBody);
    return html.links
      .filter(
        (l) => /\/emplois\/\d+-/.test(l.href) && l.label !== 'Voir l’offre' && l.label !== 'See the offer',
      )
      .map((l) => Number(/\/emplois\/(\d+)-/.exec(l.href)![1]));
  }

  it('sends the best offers once; the next week only offers never sent; a re-run in the week sends nothing', async () => {
    const [title, other, skill, skill2] = ['dga', 'dgb', 'dgc', 'dgd'].map((p) => uniqueWord(p));
    const recruteur = await createRecruteur();
    const others: number[] = [];
    for (let i = 0; i < 9; i++)
      others.push(
        await createOffre(recruteur, { titre: `${title} ${uniqueWord('dgo')}`, competences: [skill] }),
      );
    const best = await createOffre(recruteur, { titre: `${title} ${other}`, competences: [skill, skill2] });
    const c = await candidat(`${title} ${other}`, [skill, skill2]);

    const clock = new ManualClock(MONDAY);
    const report = await run(clock);
    expect(report.weekStart).to.equal('2031-03-03');
    expect(report.digestsSent).to.be.at.least(1);
    expect(report.candidatsFailed).to.equal(0);
    const [first] = await digests(c);
    expect(first.subject).to.equal(`${DIGEST_MAX_OFFRES} offres pour vous cette semaine`);
    const week1 = linkedOffres(first);
    expect(week1).to.have.length(DIGEST_MAX_OFFRES);
    expect(week1[0], 'the best offer first').to.equal(best);
    expect(await sentOffres(c)).to.deep.equal(week1);

    // Later in the same week (a manual run, a late worker): nothing, even with a new offer.
    const fresh = await createOffre(recruteur, {
      titre: `${title} ${uniqueWord('dgn')}`,
      competences: [skill],
    });
    clock.set(new Date(MONDAY.getTime() + 2 * DAY));
    await run(clock);
    expect(await digests(c)).to.have.length(1);

    // The next week: only what was never sent.
    clock.set(new Date(MONDAY.getTime() + 7 * DAY));
    expect((await run(clock)).weekStart).to.equal('2031-03-10');
    const [, second] = await digests(c);
    expect(second.subject).to.equal('3 offres pour vous cette semaine');
    const week2 = linkedOffres(second);
    expect(week2).to.have.members([fresh, ...others.filter((id) => !week1.includes(id))]);
    expect([...week1, ...week2].sort((a, b) => a - b)).to.deep.equal(
      [...others, best, fresh].sort((a, b) => a - b),
    );
    const rows = await testDb()('recommendationDigests').where({ candidatId: c.id }).orderBy('weekStart');
    expect(
      rows.map((r: { weekStart: string; offresCount: number }) => [r.weekStart, r.offresCount]),
    ).to.deep.equal([
      ['2031-03-03', DIGEST_MAX_OFFRES],
      ['2031-03-10', 3],
    ]);

    // The week after: nothing new, no email at all; and a re-run of it changes nothing.
    clock.set(new Date(MONDAY.getTime() + 14 * DAY));
    await run(clock);
    await run(clock);
    expect(await digests(c)).to.have.length(2);
  });

  it('only offers of the candidate’s trade: a title that matches theirs or a skill they have, not one word and the city', async () => {
    const [t1, t2, t3, skill] = ['dgx', 'dgy', 'dgz', 'dgk'].map((p) => uniqueWord(p));
    const recruteur = await createRecruteur();
    const byTitle = await createOffre(recruteur, { titre: `${t1} ${t2} ${t3}`, competences: [] });
    const bySkill = await createOffre(recruteur, { titre: uniqueWord('dgl'), competences: [skill] });
    const oneWord = await createOffre(recruteur, { titre: `${t1} ${uniqueWord('dgm')}`, competences: [] });
    const c = await candidat(`${t1} ${t2} ${t3}`, [skill]);
    // The route lists the weak match after the others; the digest leaves it out.
    const listed = await agent().get(RECO).set(c.auth).expect(200);
    const content = listed.body.content as {
      offre: { id: number };
      matched: { title: boolean; skills: string[] };
    }[];
    expect(content.map((r) => r.offre.id)).to.include.members([byTitle, bySkill, oneWord]);
    const weak = content.find((r) => r.offre.id === oneWord)!;
    expect(weak.matched.title).to.equal(false);
    expect(weak.matched.skills).to.deep.equal([]);

    await run(new ManualClock(new Date(MONDAY.getTime() + 35 * DAY)));
    const [email] = await digests(c);
    expect(linkedOffres(email)).to.have.members([byTitle, bySkill]);
    expect(await sentOffres(c)).to.have.members([byTitle, bySkill]);
  });

  it('two runs at once send one digest per candidate', async () => {
    const [title, skill] = [uniqueWord('dgr'), uniqueWord('dgs')];
    const recruteur = await createRecruteur();
    for (let i = 0; i < 3; i++)
      await createOffre(recruteur, { titre: `${title} ${uniqueWord('dgt')}`, competences: [skill] });
    const candidats = [];
    for (let i = 0; i < 4; i++) candidats.push(await candidat(title, [skill]));
    const clock = new ManualClock(new Date(MONDAY.getTime() + 21 * DAY));
    const [a, b] = await Promise.all([run(clock), run(clock)]);
    expect(a.candidatsFailed + b.candidatsFailed).to.equal(0);
    // Between them, each candidate counted once (no one else is subscribed meanwhile).
    expect(a.digestsSent + b.digestsSent).to.equal(candidats.length);
    for (const c of candidats) {
      expect(await digests(c)).to.have.length(1);
      expect(await sentOffres(c)).to.have.length(3);
    }
  });

  it('nothing to the unsubscribed, disabled or profile-less; never a dismissed, applied-to or closed offer', async () => {
    const [title, skill] = [uniqueWord('dgu'), uniqueWord('dgv')];
    const recruteur = await createRecruteur();
    const offre = () =>
      createOffre(recruteur, { titre: `${title} ${uniqueWord('dgw')}`, competences: [skill] });
    const [dismissed, applied, closed, kept] = [await offre(), await offre(), await offre(), await offre()];
    const c = await candidat(title, [skill]);
    await agent().post(`${RECO}/${dismissed}/ecarter`).set(c.auth).send({ reason: 'AUTRE' }).expect(200);
    await applyTo(c.id, applied);
    await testDb()('offres').where({ id: closed }).update({ status: 'ARCHIVED' });

    const notSubscribed = await candidat(title, [skill], { subscribe: false });
    const disabled = await candidat(title, [skill]);
    await testDb()('accounts').where({ id: disabled.id }).update({ enabled: false });
    const noProfile = await createCandidat();
    await subscribe(noProfile);
    const unsubscribedAgain = await candidat(title, [skill]);
    await agent()
      .put(`${RECO}/preferences`)
      .set(unsubscribedAgain.auth)
      .send({ digestHebdo: false })
      .expect(200);

    await run(new ManualClock(new Date(MONDAY.getTime() + 28 * DAY)));
    const [email] = await digests(c);
    expect(linkedOffres(email)).to.deep.equal([kept]);
    expect(await sentOffres(c)).to.deep.equal([kept]);
    for (const nobody of [notSubscribed, disabled, noProfile, unsubscribedAgain]) {
      expect(await digests(nobody)).to.have.length(0);
      expect(await testDb()('recommendationDigests').where({ candidatId: nobody.id })).to.have.length(0);
    }
  });

  it('the email: best offers as cards with the skills in common, its language, the one-click unsubscribe', async () => {
    const [title, skill, skill2] = [uniqueWord('dgx'), uniqueWord('dgy'), uniqueWord('dgz')];
    const recruteur = await createRecruteur();
    const best = await createOffre(recruteur, {
      titre: `${title} <confirmé>`,
      competences: [skill, skill2],
    });
    const c = await candidat(title, [skill, skill2], { prenom: 'Brice' });
    const clock = new ManualClock(new Date(MONDAY.getTime() + 35 * DAY));
    await run(clock);
    const [email] = await digests(c);
    expect(email.subject).to.equal('1 offre pour vous cette semaine');

    const html = readEmailHtml(email.htmlBody);
    expect(html.lang).to.equal('fr');
    expect(html.count('script')).to.equal(0);
    expect(html.bodyText).to.contain('Brice').and.contain('correspondent le mieux à votre profil');
    expect(html.bodyText).to.contain(`${title} <confirmé>`);
    expect(html.bodyText).to.contain(`Compétences en commun : ${skill}, ${skill2}`);
    expect(linkedOffres(email)).to.deep.equal([best]);
    // No FRONTEND_URL: the button opens the public list of offers, not an API address that wants a token.
    expect(html.buttons.map((b) => [b.label, b.href])).to.deep.equal([
      ['Toutes les offres', 'http://localhost:3000/emplois'],
    ]);

    const stop = html.links.find((l) => l.label === 'Se désabonner de la sélection hebdomadaire')!.href;
    expect(stop).to.match(/^http:\/\/localhost:3000\/v1\/api\/public\/notifications\/unsubscribe\?token=/);
    expect(textLink(email.textBody, 'Se désabonner de la sélection hebdomadaire')).to.equal(stop);
    expect(html.links.map((l) => l.label)).to.not.include('Mes préférences de recommandation');
    expect(headersOf(email)).to.deep.equal({
      'List-Unsubscribe': `<${stop}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // The page of the link changes nothing; the mail client's one-click POST turns the digest off.
    const url = new URL(stop);
    const page = await agent()
      .get(url.pathname + url.search)
      .expect(200);
    expect(page.text).to.contain('Sélection hebdomadaire d’offres');
    const prefs = await agent().get(`${RECO}/preferences`).set(c.auth).expect(200);
    expect(prefs.body.data.digestHebdo).to.equal(true);
    const res = await agent()
      .post(url.pathname + url.search)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(res.body.data).to.deep.equal({ kind: 'digestHebdo', active: false });
    const after = await agent().get(`${RECO}/preferences`).set(c.auth).expect(200);
    expect(after.body.data.digestHebdo).to.equal(false);
    // A token signed for another kind is refused.
    await agent()
      .post(url.pathname + url.search.replace('digestHebdo', 'candidatureRecue'))
      .expect(404);

    await createOffre(recruteur, { titre: `${title} junior`, competences: [skill] });
    clock.set(new Date(clock.now().getTime() + 7 * DAY));
    await run(clock);
    expect(await digests(c)).to.have.length(1);
  });

  it('speaks English to an English account', async () => {
    const [title, skill] = [uniqueWord('dea'), uniqueWord('deb')];
    const recruteur = await createRecruteur();
    await createOffre(recruteur, { titre: `${title} one`, competences: [skill] });
    await createOffre(recruteur, { titre: `${title} two`, competences: [skill] });
    const c = await candidat(title, [skill]);
    await testDb()('accounts').where({ id: c.id }).update({ langue: 'en' });
    await run(new ManualClock(new Date(MONDAY.getTime() + 42 * DAY)));
    const [email] = await digests(c);
    expect(email.subject).to.equal('2 offers for you this week');
    const html = readEmailHtml(email.htmlBody);
    expect(html.lang).to.equal('en');
    expect(html.bodyText).to.contain(`Skills in common: ${skill}`);
    const stop = html.links.find((l) => l.label === 'Unsubscribe from the weekly selection')!.href;
    const url = new URL(stop);
    const page = await agent()
      .get(url.pathname + url.search)
      .expect(200);
    expect(page.text).to.contain('Weekly selection of offers');
  });

  describe('by SMS', () => {
    async function withPhone(week: number, count = 3) {
      const [title, skill] = [uniqueWord('dsa'), uniqueWord('dsb')];
      const recruteur = await createRecruteur();
      const offres: number[] = [];
      for (let i = 0; i < count; i++)
        offres.push(
          await createOffre(recruteur, {
            titre: `${title} responsable des entrées et sorties de l’entrepôt principal ${i}`,
            competences: [skill],
          }),
        );
      const c = await candidat(title, [skill]);
      const phone = await confirmedSmsPhone(c.id);
      return { c, phone, offres, monday: new Date(MONDAY.getTime() + week * 7 * DAY) };
    }

    it('one GSM segment: the best offer, the others counted, the short link, "postuler est gratuit"', async () => {
      const { c, phone, monday } = await withPhone(10);
      const report = await run(new ManualClock(monday));
      expect(report.smsQueued).to.be.at.least(1);
      const [email] = await digests(c);
      const [best] = linkedOffres(email);
      const [sms] = await smsTo(phone);
      expect(sms.kind).to.equal('alert');
      const counted = new SegmentedMessage(sms.body);
      expect(counted.encodingName).to.equal('GSM-7');
      expect(counted.segmentsCount).to.equal(1);
      expect(sms.segments).to.equal(1);
      expect(sms.body).to.contain('+2 autres offres.');
      expect(sms.body).to.match(new RegExp(`http://localhost:3000/emplois/${best} - postuler est gratuit$`));
      const [digest] = await testDb()('recommendationDigests').where({ candidatId: c.id });
      expect(digest.smsId).to.equal(sms.id);
      expect(digest.emailId).to.equal(email.id);
    });

    it('held until 07:00 when run in quiet hours; none when an alert SMS went that day, the email still goes', async () => {
      const night = await withPhone(11, 1);
      // 22:30 in Douala.
      const late = new Date(night.monday.getTime() + 13.5 * 3_600_000);
      await run(new ManualClock(late));
      const [held] = await smsTo(night.phone);
      expect(new Date(held.nextAttemptAt).toISOString()).to.equal(
        new Date(night.monday.getTime() + 22 * 3_600_000).toISOString(),
      );
      expect(held.body).not.to.contain('autre');

      const capped = await withPhone(12, 2);
      const today = new Date(capped.monday.getTime() - 3_600_000);
      await testDb()('smsMessages').insert({
        toNumber: capped.phone,
        body: 'Une alerte du matin',
        kind: 'alert',
        candidatId: capped.c.id,
        segments: 1,
        localDay: today.toISOString().slice(0, 10),
        status: 'SENT',
        attempts: 1,
        nextAttemptAt: today,
        createdAt: today,
      });
      await run(new ManualClock(capped.monday));
      expect(await digests(capped.c)).to.have.length(1);
      expect(await smsTo(capped.phone)).to.have.length(1);
      const [digest] = await testDb()('recommendationDigests').where({ candidatId: capped.c.id });
      expect(digest.smsId).to.equal(null);
    });
  });

  it('a dry run reports what it would send and writes nothing', async () => {
    const [title, skill] = [uniqueWord('dra'), uniqueWord('drb')];
    const recruteur = await createRecruteur();
    await createOffre(recruteur, { titre: title, competences: [skill] });
    const c = await candidat(title, [skill]);
    const report = await sendWeeklyDigests(
      domainCtx(undefined, { clock: new ManualClock(new Date(MONDAY.getTime() + 91 * DAY)) }),
      { dryRun: true },
    );
    expect(report.dryRun).to.equal(true);
    expect(report.digestsSent).to.be.at.least(1);
    expect(await digests(c)).to.have.length(0);
    expect(await testDb()('recommendationDigests').where({ candidatId: c.id })).to.have.length(0);
  });
});
