/**
 * The daily matching run (domain/alerts/run-alert-matching.ts), called directly with a ManualClock.
 * Each test lives on its own past timeline and switches its alerts off at the end, so alerts of
 * other tests (created "now") never match and the report's match counts are exactly this test's.
 */
import { expect } from 'chai';
import { ManualClock } from '../../lib/clock.ts';
import { runAlertMatching } from '../../domain/alerts/run-alert-matching.ts';
import { MATCH_LOOKBACK_MS } from '../../domain/alerts/find-alert-matches.ts';
import { domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createOffre, createRecruteur, type TestRecruteur } from '../helpers/factories.ts';
import { alertEmails, createAlertRow, matchedOffres, retireAlerts } from '../helpers/alert-factories.ts';
import { readEmailHtml, textLink } from '../helpers/email-html.ts';

const HOUR = 3600_000;
const at = (base: Date, hours: number) => new Date(base.getTime() + hours * HOUR);

describe('Job alerts: the daily matching run', () => {
  let recruteur: TestRecruteur;
  let created: number[] = [];

  before(async () => {
    recruteur = await createRecruteur({ plan: 'ENTREPRISE' });
  });

  afterEach(async () => {
    await retireAlerts(created);
    created = [];
  });

  async function alert(opts: Parameters<typeof createAlertRow>[0]) {
    const a = await createAlertRow(opts);
    created.push(a.id);
    return a;
  }

  const offre = (opts: Parameters<typeof createOffre>[1]) =>
    createOffre(recruteur, { description: 'Description neutre', competences: ['Rigueur'], ...opts });

  function run(clock: ManualClock, opts: Parameters<typeof runAlertMatching>[1] = {}) {
    return runAlertMatching(domainCtx(undefined, { clock }), opts);
  }

  it('matches keywords through the full-text index, accent- and case-insensitively, and sends one digest', async () => {
    const t0 = new Date('2021-01-04T06:00:00Z');
    const a = await alert({ keywords: 'developpeur JAVA', createdAt: t0 });
    const java = await offre({ titre: 'Développeur Java senior', publishedAt: at(t0, 2) });
    const viaSkills = await offre({
      titre: 'Ingénieur logiciel',
      competences: ['Java', 'Spring'],
      description: 'Nous cherchons un développeur',
      publishedAt: at(t0, 3),
    });
    await offre({ titre: 'Développeur Python', publishedAt: at(t0, 4) });
    await offre({ titre: 'Développeur Java junior', status: 'DRAFT' });
    await offre({ titre: 'Développeur Java archivé', status: 'ARCHIVED', publishedAt: at(t0, 5) });

    const clock = new ManualClock(at(t0, 24));
    const report = await run(clock);
    expect(report).to.include({
      alertsMatched: 1,
      emailsQueued: 1,
      offresSent: 2,
      alertsFailed: 0,
      dryRun: false,
    });
    expect(report.alertsScanned).to.be.at.least(1);
    expect(await matchedOffres(a.id)).to.deep.equal([java, viaSkills].sort((x, y) => x - y));

    const [email] = await alertEmails(a.email);
    expect(email.template).to.equal('job-alert');
    expect(email.textBody).to.contain('Développeur Java senior').and.contain('Ingénieur logiciel');
    expect(email.textBody).to.contain(
      `/alertes/desinscription?token=${encodeURIComponent(a.unsubscribeToken)}`,
    );
    expect(email.htmlBody).to.contain('Ne plus recevoir cette alerte');
    // The HTML part is the shared layout: the platform's name on top, a card per offer (its title
    // and its button link where the text part does), and the text part's unsubscribe link at the foot.
    const html = readEmailHtml(email.htmlBody);
    expect(html.bodyText.startsWith('Recrutement Cameroun ')).to.equal(true);
    // Each offer's public page: /emplois/{id}-{slug}.
    const offreLinks = html.links.filter((l) => /\/emplois\/\d+-[a-z0-9-]+$/.test(l.href));
    expect(offreLinks.map((l) => l.label)).to.deep.equal([
      'Ingénieur logiciel',
      'Voir l’offre',
      'Développeur Java senior',
      'Voir l’offre',
    ]);
    for (const [i, id] of [viaSkills, java].entries()) {
      expect(offreLinks[2 * i].href)
        .to.equal(offreLinks[2 * i + 1].href)
        .and.match(new RegExp(`/emplois/${id}-[a-z0-9-]+$`));
      expect(email.textBody).to.contain(`\n  ${offreLinks[2 * i].href}`);
    }
    const stop = html.links.find((l) => l.label === 'Ne plus recevoir cette alerte')?.href;
    expect(stop).to.contain(`token=${encodeURIComponent(a.unsubscribeToken)}`);
    expect(textLink(email.textBody, 'Ne plus recevoir cette alerte')).to.equal(stop);
    const headers = typeof email.headers === 'string' ? JSON.parse(email.headers) : email.headers;
    expect(headers).to.deep.equal({
      'List-Unsubscribe': `<http://localhost:3000/v1/api/alertes/unsubscribe?token=${encodeURIComponent(a.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const row = await testDb()('jobAlerts').where({ id: a.id }).first('lastMatchedAt');
    expect(row.lastMatchedAt.getTime()).to.equal(clock.now().getTime());
    const event = await testDb()('domainEvents')
      .where({ type: 'alert.triggered' })
      .whereRaw("JSON_EXTRACT(data, '$.alertId') = ?", [a.id])
      .first();
    expect(event.scope).to.equal('candidate');
    const data = typeof event.data === 'string' ? JSON.parse(event.data) : event.data;
    expect(data).to.deep.equal({ alertId: a.id, offreIds: [viaSkills, java] });
  });

  it('the body link goes to the frontend when FRONTEND_URL is set; the header stays on the API', async () => {
    const t0 = new Date('2021-01-11T06:00:00Z');
    const a = await alert({ keywords: 'ebeniste', createdAt: t0 });
    await offre({ titre: 'Ébéniste qualifié', publishedAt: at(t0, 1) });
    const clock = new ManualClock(at(t0, 24));
    await runAlertMatching(
      domainCtx(undefined, { clock, config: { frontendUrl: 'https://emploi.example.cm' } }),
    );
    const [email] = await alertEmails(a.email);
    expect(email.textBody).to.contain(
      `https://emploi.example.cm/alertes/unsubscribe?token=${encodeURIComponent(a.unsubscribeToken)}`,
    );
    const headers = typeof email.headers === 'string' ? JSON.parse(email.headers) : email.headers;
    expect(headers['List-Unsubscribe']).to.equal(
      `<http://localhost:3000/v1/api/alertes/unsubscribe?token=${encodeURIComponent(a.unsubscribeToken)}>`,
    );
  });

  it('applies the city, region, contract, salary and remote filters', async () => {
    const t0 = new Date('2021-02-01T06:00:00Z');
    const villes = Object.fromEntries(
      (
        (await testDb()('villes')
          .whereIn('slug', ['douala', 'yaounde', 'edea'])
          .select('id', 'slug', 'regionId')) as { id: number; slug: string; regionId: number }[]
      ).map((v) => [v.slug, v]),
    );
    const kw = 'magasinier';
    const douala = await offre({
      titre: 'Magasinier',
      villeSlug: 'douala',
      contractType: 'CDI',
      salaireMax: 200000,
      publishedAt: at(t0, 1),
    });
    const edea = await offre({
      titre: 'Magasinier',
      villeSlug: 'edea',
      contractType: 'CDD',
      salaireMax: null,
      publishedAt: at(t0, 1),
    });
    const yaounde = await offre({
      titre: 'Magasinier',
      villeSlug: 'yaounde',
      contractType: 'CDI',
      salaireMax: 600000,
      remotePossible: true,
      publishedAt: at(t0, 1),
    });
    const byCity = await alert({ keywords: kw, villeId: villes.douala.id, createdAt: t0 });
    const byRegion = await alert({ keywords: kw, regionId: villes.douala.regionId, createdAt: t0 }); // Littoral: Douala and Edéa
    const byContract = await alert({ keywords: kw, contractType: 'CDD', createdAt: t0 });
    const bySalary = await alert({ keywords: kw, salaireMin: 300000, createdAt: t0 }); // unknown maximum is kept
    const byRemote = await alert({ keywords: kw, remotePossible: true, createdAt: t0 });
    const noRemoteWish = await alert({ keywords: kw, remotePossible: false, createdAt: t0 });

    const report = await run(new ManualClock(at(t0, 24)));
    expect(report).to.include({ alertsMatched: 6, emailsQueued: 6, offresSent: 1 + 2 + 1 + 2 + 1 + 3 });
    const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y);
    expect(await matchedOffres(byCity.id)).to.deep.equal([douala]);
    expect(await matchedOffres(byRegion.id)).to.deep.equal(sorted([douala, edea]));
    expect(await matchedOffres(byContract.id)).to.deep.equal([edea]);
    expect(await matchedOffres(bySalary.id)).to.deep.equal(sorted([edea, yaounde]));
    expect(await matchedOffres(byRemote.id)).to.deep.equal([yaounde]);
    expect(await matchedOffres(noRemoteWish.id)).to.deep.equal(sorted([douala, edea, yaounde]));
  });

  it('neutralises boolean-mode operators, matches short words (RH) outside the index, handles stopwords', async () => {
    const t0 = new Date('2021-03-01T06:00:00Z');
    const rh = await offre({
      titre: 'Responsable RH',
      description: 'Gestion des ressources humaines',
      publishedAt: at(t0, 1),
    });
    await offre({ titre: 'Responsable rhétorique', publishedAt: at(t0, 1) });
    const ops = await offre({ titre: 'Cariste magasinier', publishedAt: at(t0, 1) });
    const it = await offre({ titre: 'Technicien IT support', publishedAt: at(t0, 1) });
    await offre({ titre: 'Technicien itinérant', publishedAt: at(t0, 1) });
    const a = await alert({ keywords: 'responsable RH', createdAt: t0 });
    // "the" and "de" are InnoDB stopwords: dropped, as the index drops them
    const b = await alert({ keywords: '+"cariste" -(magasinier*) ~@<> the de', createdAt: t0 });
    // only stopwords: matched as whole words
    const c = await alert({ keywords: 'IT', createdAt: t0 });
    const report = await run(new ManualClock(at(t0, 24)));
    expect(report).to.include({ alertsMatched: 3, offresSent: 3, alertsFailed: 0 });
    expect(await matchedOffres(a.id)).to.deep.equal([rh]);
    expect(await matchedOffres(b.id)).to.deep.equal([ops]);
    expect(await matchedOffres(c.id)).to.deep.equal([it]);
  });

  it('meets compounds however the alert and the offers write them: "back-end", "back end", "backend"', async () => {
    const t0 = new Date('2021-10-04T06:00:00Z');
    const joined = await offre({ titre: 'Développeur Backend Node.js', publishedAt: at(t0, 1) });
    const hyphen = await offre({ titre: 'Développeur back-end Java', publishedAt: at(t0, 2) });
    await offre({ titre: 'Développeur front-end React', publishedAt: at(t0, 2) });
    const alerts = [];
    for (const keywords of ['back-end', 'back end', 'backend'])
      alerts.push(await alert({ keywords, createdAt: t0 }));
    const report = await run(new ManualClock(at(t0, 24)));
    expect(report).to.include({ alertsMatched: 3, offresSent: 6, alertsFailed: 0 });
    for (const a of alerts) expect(await matchedOffres(a.id)).to.have.members([joined, hyphen]);
  });

  it('never sends an offer twice: a re-run sends only what was published since', async () => {
    const t0 = new Date('2021-04-01T06:00:00Z');
    const a = await alert({ keywords: 'soudeur', createdAt: t0 });
    const first = await offre({ titre: 'Soudeur à l’arc', publishedAt: at(t0, 1) });
    const clock = new ManualClock(at(t0, 24));
    expect(await run(clock)).to.include({ alertsMatched: 1, offresSent: 1 });
    expect(await run(clock)).to.include({ alertsMatched: 0, offresSent: 0 });

    // An offer whose publishing transaction committed after the first run read the offers, with a
    // publishedAt just before that run: the look-back of the next run still finds it.
    const late = await offre({ titre: 'Soudeur tuyauteur', publishedAt: at(t0, 23.95) });
    const second = await offre({ titre: 'Soudeur TIG', publishedAt: at(t0, 30) });
    clock.set(at(t0, 48));
    expect(await run(clock)).to.include({ alertsMatched: 1, offresSent: 2 });
    expect(await matchedOffres(a.id)).to.deep.equal([first, late, second].sort((x, y) => x - y));
    const emails = await alertEmails(a.email);
    expect(emails).to.have.length(2);
    expect(emails[1].textBody)
      .to.contain('Soudeur TIG')
      .and.contain('Soudeur tuyauteur')
      .and.not.contain('Soudeur à l’arc');
    clock.set(at(t0, 72));
    expect(await run(clock)).to.include({ alertsMatched: 0 });
    expect(MATCH_LOOKBACK_MS).to.be.greaterThan(0.05 * HOUR);
  });

  it('an alert created after an offer was published does not get that offer', async () => {
    const t0 = new Date('2021-05-01T06:00:00Z');
    const before = await offre({ titre: 'Plombier chauffagiste', publishedAt: at(t0, -1) });
    const justBefore = await offre({ titre: 'Plombier sanitaire', publishedAt: at(t0, -0.01) });
    const a = await alert({ keywords: 'plombier', createdAt: t0 });
    const after = await offre({ titre: 'Plombier industriel', publishedAt: at(t0, 1) });
    await run(new ManualClock(at(t0, 24)));
    expect(await matchedOffres(a.id)).to.deep.equal([after]);
    expect([before, justBefore]).to.not.include(after);
  });

  it('skips inactive and unconfirmed alerts; sends a candidate alert to the current account email', async () => {
    const t0 = new Date('2021-06-01T06:00:00Z');
    const c = await createCandidat();
    const off = await alert({ keywords: 'boulanger', active: false, createdAt: t0 });
    const unconfirmed = await alert({ keywords: 'boulanger', confirmed: false, createdAt: t0 });
    const own = await alert({
      keywords: 'boulanger',
      candidatId: c.id,
      email: 'old-address@example.cm',
      createdAt: t0,
    });
    await offre({ titre: 'Boulanger pâtissier', publishedAt: at(t0, 1) });
    expect(await run(new ManualClock(at(t0, 24)))).to.include({ alertsMatched: 1 });
    expect(await alertEmails(off.email)).to.have.length(0);
    expect(await alertEmails(unconfirmed.email)).to.have.length(0);
    expect(await alertEmails(c.email)).to.have.length(1);
    expect(await matchedOffres(own.id)).to.have.length(1);
  });

  it('dry run computes the report and writes nothing', async () => {
    const t0 = new Date('2021-07-01T06:00:00Z');
    const a = await alert({ keywords: 'electricien', createdAt: t0 });
    const b = await alert({ keywords: 'menuisier', createdAt: t0 });
    await offre({ titre: 'Électricien bâtiment', publishedAt: at(t0, 1) });
    await offre({ titre: 'Électricien industriel', publishedAt: at(t0, 2) });
    const db = testDb();
    const count = async (table: string) =>
      Number(((await db(table).count({ n: '*' }).first()) as { n: number }).n);
    const snapshot = async () => ({
      emails: await count('outboundEmails'),
      matches: await count('jobAlertMatches'),
      events: await count('domainEvents'),
      lastMatched: (
        await db('jobAlerts').whereIn('id', [a.id, b.id]).orderBy('id').select('lastMatchedAt')
      ).map((r: { lastMatchedAt: Date }) => r.lastMatchedAt.getTime()),
    });
    const before = await snapshot();
    const report = await run(new ManualClock(at(t0, 24)), { dryRun: true });
    expect(report).to.include({ alertsMatched: 1, emailsQueued: 1, offresSent: 2, dryRun: true });
    expect(await snapshot()).to.deep.equal(before);
  });

  it('a failing alert does not hold up the others and is retried at the next run', async () => {
    const t0 = new Date('2021-08-01T06:00:00Z');
    const failing = await alert({ keywords: 'couvreur', createdAt: t0 });
    const fine = await alert({ keywords: 'couvreur', createdAt: t0 });
    const o = await offre({ titre: 'Couvreur zingueur', publishedAt: at(t0, 1) });
    const db = testDb();
    await db.raw('DROP TRIGGER IF EXISTS test_alert_failure');
    await db.raw(
      `CREATE TRIGGER test_alert_failure BEFORE INSERT ON job_alert_matches FOR EACH ROW
       BEGIN IF NEW.alert_id = ${Number(failing.id)} THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'simulated failure'; END IF; END`,
    );
    const clock = new ManualClock(at(t0, 24));
    try {
      expect(await run(clock)).to.include({ alertsMatched: 1, alertsFailed: 1 });
    } finally {
      await db.raw('DROP TRIGGER IF EXISTS test_alert_failure');
    }
    expect(await matchedOffres(fine.id)).to.deep.equal([o]);
    expect(await matchedOffres(failing.id)).to.deep.equal([]);
    expect(await alertEmails(failing.email)).to.have.length(0); // rolled back with the rest of its transaction
    expect(
      (await db('jobAlerts').where({ id: failing.id }).first('lastMatchedAt')).lastMatchedAt.getTime(),
    ).to.equal(t0.getTime());

    clock.set(at(t0, 48));
    expect(await run(clock)).to.include({ alertsMatched: 1, alertsFailed: 0 });
    expect(await matchedOffres(failing.id)).to.deep.equal([o]);
    expect(await alertEmails(fine.email)).to.have.length(1);
  });

  it('pages through alerts by id, and two concurrent runs send each offer once', async () => {
    const t0 = new Date('2021-09-01T06:00:00Z');
    const alerts = [];
    for (let i = 0; i < 7; i++) alerts.push(await alert({ keywords: 'vulcanisateur', createdAt: t0 }));
    await offre({ titre: 'Vulcanisateur', publishedAt: at(t0, 1) });
    await offre({ titre: 'Vulcanisateur poids lourds', publishedAt: at(t0, 2) });
    const clock = new ManualClock(at(t0, 24));
    const [r1, r2] = await Promise.all([
      run(clock, { batchSize: 2 }),
      run(clock, { batchSize: 3, concurrency: 2 }),
    ]);
    expect(r1.alertsMatched + r2.alertsMatched).to.equal(7);
    expect(r1.alertsFailed + r2.alertsFailed).to.equal(0);
    for (const a of alerts) {
      expect(await matchedOffres(a.id)).to.have.length(2);
      expect(await alertEmails(a.email)).to.have.length(1);
    }
  });
});
