/**
 * Job alerts by SMS and alert frequencies: the SMS is one GSM segment (checked with an independent
 * calculator) with the best offer, the count of the others, the offer's short address and
 * "postuler est gratuit"; quiet hours hold it until 07:00 Cameroon time; one alert SMS per
 * candidate per day and the daily platform cap; INSTANT, DAILY and WEEKLY alerts served by their
 * own runs; and end to end, an offer published through the API reaches a candidate with an
 * instant SMS alert through the worker's pumps and an SMSC. Each test lives on its own timeline, in
 * a year no other test file uses: the alerts of other files would match its offers.
 */
import { expect } from 'chai';
import { SegmentedMessage } from 'sms-segments-calculator';
import { ManualClock, type Clock } from '../../lib/clock.ts';
import { runAlertMatching } from '../../domain/alerts/run-alert-matching.ts';
import { alertSmsText } from '../../domain/alerts/alert-sms.ts';
import { startPumps, type RunningPumps } from '../../jobs/outbox/start-pumps.ts';
import { SmppTransport } from '../../engines/sms/smpp-transport.ts';
import { createLogger } from '../../lib/logger.ts';
import { domainCtx } from '../helpers/app.ts';
import { publishOffre } from '../../domain/offres/publish-offre.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import { createCandidat, createOffre, createRecruteur, type TestRecruteur } from '../helpers/factories.ts';
import { createDraft, recruteurWithPlan } from '../helpers/offre-factories.ts';
import { alertEmails, createAlertRow, matchedOffres, retireAlerts } from '../helpers/alert-factories.ts';
import { confirmedSmsPhone, smsTo } from '../helpers/sms-factories.ts';
import { TestSmsc } from '../helpers/smsc.ts';
import { waitFor } from '../jobs/helpers.ts';

const HOUR = 3600_000;
const at = (base: Date, hours: number) => new Date(base.getTime() + hours * HOUR);

describe('Job alerts by SMS, and alert frequencies', function () {
  this.timeout(120_000);
  let recruteur: TestRecruteur;
  let created: number[] = [];

  before(async () => {
    recruteur = await createRecruteur({ plan: 'ENTREPRISE' });
  });

  afterEach(async () => {
    await retireAlerts(created);
    created = [];
    await testDb()('smsMessages').where({ status: 'PENDING' }).update({ status: 'CANCELLED' });
  });

  async function smsAlert(t0: Date, extra: { frequency?: string; keywords?: string } = {}) {
    const candidat = await createCandidat();
    const phone = await confirmedSmsPhone(candidat.id);
    const a = await createAlertRow({
      keywords: extra.keywords ?? 'magasinier',
      candidatId: candidat.id,
      email: candidat.email,
      createdAt: t0,
    });
    await testDb()('jobAlerts')
      .where({ id: a.id })
      .update({ sms: true, frequency: extra.frequency ?? 'DAILY' });
    created.push(a.id);
    return { candidate: candidat, phone, alert: a };
  }

  const offre = (titre: string, publishedAt: Date) =>
    createOffre(recruteur, {
      titre,
      description: 'Poste en entrepôt',
      competences: ['Rigueur'],
      publishedAt,
    });
  const run = (clock: ManualClock, runKind: 'daily' | 'instant' = 'daily') =>
    runAlertMatching(domainCtx(undefined, { clock }), { run: runKind });

  it('sends one GSM segment: best offer, the others counted, the short link, "postuler est gratuit"', async () => {
    const t0 = new Date('2018-02-01T05:00:00Z');
    const { phone, alert } = await smsAlert(t0);
    const first = await offre('Magasinier cariste', at(t0, 1));
    const newest = await offre(
      'Magasinier responsable des entrées et sorties de l’entrepôt principal de Bonabéri',
      at(t0, 2),
    );
    await offre('Magasinier de nuit', at(t0, 3 - 0.5));
    // 12:00 in Douala: outside quiet hours.
    const clock = new ManualClock(at(t0, 6));
    const report = await run(clock);
    expect(report.alertsMatched).to.equal(1);

    const [sms] = await smsTo(phone);
    expect(sms.kind).to.equal('alert');
    const counted = new SegmentedMessage(sms.body);
    expect(counted.encodingName).to.equal('GSM-7');
    expect(counted.segmentsCount).to.equal(1);
    expect(sms.segments).to.equal(1);
    expect(sms.body).to.match(/^Magasinier de nuit/);
    expect(sms.body).to.contain('+2 autres offres.');
    expect(sms.body).to.match(/http:\/\/localhost:3000\/emplois\/\d+ - postuler est gratuit$/);
    expect(new Date(sms.nextAttemptAt).getTime()).to.equal(clock.now().getTime());
    // The email digest goes too, and the matches name the SMS.
    expect(await alertEmails(alert.email)).to.have.length(1);
    expect((await matchedOffres(alert.id)).length).to.equal(3);
    const links = await testDb()('jobAlertMatches').where({ alertId: alert.id }).distinct('smsId');
    expect(links.map((l: { smsId: number }) => l.smsId)).to.deep.equal([sms.id]);
    expect([first, newest]).to.have.length(2);
  });

  it('shortens a long title to stay in one segment, in English too, never cutting the link', () => {
    const ctx = domainCtx();
    const long = {
      id: 123456,
      titre:
        'Responsable régional des opérations logistiques et de la chaîne d’approvisionnement — Grand Nord, Extrême-Nord et Adamaoua',
      entrepriseNom: 'Société Camerounaise des Équipements Industriels et Agricoles',
      villeNom: 'Ngaoundéré',
      contractType: 'CDI',
      salaireMin: null,
      salaireMax: null,
    };
    for (const langue of ['fr', 'en'] as const) {
      const text = alertSmsText(ctx, langue, [long, { ...long, id: 2 }, { ...long, id: 3 }]);
      const counted = new SegmentedMessage(text);
      expect(counted.encodingName, text).to.equal('GSM-7');
      expect(counted.segmentsCount, text).to.equal(1);
      expect(text).to.contain('http://localhost:3000/emplois/123456');
      expect(text).to.match(langue === 'fr' ? /postuler est gratuit$/ : /applying is free$/);
      expect(text).to.contain(langue === 'fr' ? '+2 autres offres' : '+2 other jobs');
    }
  });

  it('holds an alert SMS queued in quiet hours until 07:00 Cameroon time', async () => {
    const t0 = new Date('2018-02-08T05:00:00Z');
    const { phone } = await smsAlert(t0);
    await offre('Magasinier polyvalent', at(t0, 1));
    // 22:30 in Douala (21:30 UTC).
    const clock = new ManualClock('2021-02-08T21:30:00Z');
    await run(clock);
    const [sms] = await smsTo(phone);
    expect(new Date(sms.nextAttemptAt).toISOString()).to.equal('2021-02-09T06:00:00.000Z');
  });

  it('sends at most one alert SMS per candidate and day; the email still carries later offers', async () => {
    const t0 = new Date('2018-02-15T05:00:00Z');
    const { phone, alert } = await smsAlert(t0, { frequency: 'INSTANT' });
    await offre('Magasinier du matin', at(t0, 1));
    await run(new ManualClock(at(t0, 2)), 'instant');
    await offre('Magasinier du soir', at(t0, 3));
    await run(new ManualClock(at(t0, 4)), 'instant');
    expect(await alertEmails(alert.email)).to.have.length(2);
    expect((await smsTo(phone)).filter((s) => s.kind === 'alert')).to.have.length(1);
    // The next day, one more.
    await offre('Magasinier du lendemain', at(t0, 25));
    await run(new ManualClock(at(t0, 26)), 'instant');
    expect((await smsTo(phone)).filter((s) => s.kind === 'alert')).to.have.length(2);
  });

  it('queues no alert SMS beyond the daily platform cap', async () => {
    const t0 = new Date('2018-02-22T05:00:00Z');
    const { phone } = await smsAlert(t0);
    await offre('Magasinier plafonné', at(t0, 1));
    const clock = new ManualClock(at(t0, 6));
    const report = await runAlertMatching(domainCtx(undefined, { clock, config: { smsDailyCap: 0 } }), {});
    expect(report.alertsMatched).to.equal(1);
    expect(await smsTo(phone)).to.have.length(0);
  });

  it('serves INSTANT alerts in the instant run only, DAILY daily, WEEKLY once 7 days have passed', async () => {
    const t0 = new Date('2018-03-01T05:00:00Z');
    const instant = await smsAlert(t0, { frequency: 'INSTANT', keywords: 'soudeur' });
    const daily = await smsAlert(t0, { frequency: 'DAILY', keywords: 'soudeur' });
    const weekly = await smsAlert(t0, { frequency: 'WEEKLY', keywords: 'soudeur' });
    await offre('Soudeur à l’arc', at(t0, 1));

    await run(new ManualClock(at(t0, 2)), 'instant');
    expect(await matchedOffres(instant.alert.id)).to.have.length(1);
    expect(await matchedOffres(daily.alert.id)).to.have.length(0);

    await run(new ManualClock(at(t0, 24)));
    expect(await matchedOffres(daily.alert.id)).to.have.length(1);
    expect(await matchedOffres(weekly.alert.id), 'a week has not passed').to.have.length(0);
    expect(await matchedOffres(instant.alert.id), 'the daily run leaves instant alerts alone').to.have.length(
      1,
    );

    await run(new ManualClock(at(t0, 7 * 24 + 1)));
    expect(await matchedOffres(weekly.alert.id)).to.have.length(1);
  });

  describe('end to end, through the worker', () => {
    let smsc: TestSmsc;
    let pumps: RunningPumps | null = null;
    let transport: SmppTransport;

    before(async () => {
      smsc = await TestSmsc.start();
    });
    after(async () => {
      await pumps?.stop();
      await transport?.close();
      await smsc.close();
    });

    it('a published offer reaches an instant SMS alert through the pumps and the SMSC, as one GSM segment', async () => {
      // Real time moved to a coming noon in Douala: outside quiet hours whenever the test runs.
      const noon = new Date(Date.now() + 86_400_000);
      noon.setUTCHours(11, 0, 0, 0);
      const offset = noon.getTime() - Date.now();
      const clock: Clock = { now: () => new Date(Date.now() + offset) };
      const { phone } = await smsAlert(new Date(clock.now().getTime() - 60_000), {
        frequency: 'INSTANT',
        keywords: 'chaudronnier',
      });
      transport = new SmppTransport(new URL(smsc.url), { logger: createLogger('silent') });
      pumps = startPumps(testDeps({ clock }), {
        sms: { transport, idleMs: 200 },
        instantAlerts: { idleMs: 60_000 },
        imports: false,
      });
      const publisher = await recruteurWithPlan();
      const offreId = await createDraft(publisher, { titre: 'Chaudronnier soudeur' });
      // The publish use case as the API runs it, on the shifted clock (a token would be expired there).
      await publishOffre(
        domainCtx(
          { type: 'account', id: publisher.id, role: 'RECRUTEUR', email: publisher.email },
          { clock },
        ),
        offreId,
      );
      const sub = await waitFor(
        () => smsc.submits.find((s) => s.to === phone.slice(1)),
        'the alert SMS',
        30_000,
      );
      expect(sub.dataCoding).to.equal(0);
      expect(new SegmentedMessage(sub.text).segmentsCount).to.equal(1);
      expect(sub.text).to.contain(`/emplois/${offreId}`);
      expect(sub.text).to.contain('postuler est gratuit');
    });
  });
});
