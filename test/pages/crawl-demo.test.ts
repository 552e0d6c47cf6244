/**
 * A crawl of the demo data set without FRONTEND_URL: the demo seeded as `recrutement db seed --demo`
 * does (runSeeds, in a database of its own so its offers never meet the other tests' data), then
 * robots.txt, every sitemap it leads to, the partners' sitemap, the RSS and aggregator feeds, and
 * the emails of an email validation, an alert confirmation, a job alert digest and an application
 * (queued by the domain functions or the API, read from the outbox). Every link they carry is followed in-process, redirects
 * included, and must land on an HTML page: 200, or a landing page that says why an emailed link
 * no longer works (404 unknown, 410 expired or used), never JSON.
 *
 * The digest's `List-Unsubscribe` header is followed too: mail clients POST it (RFC 8058), but one
 * that cannot opens it in a browser. Not followed, on purpose: the RSS `atom:link rel="self"` (the
 * feed itself, XML).
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import supertest from 'supertest';
import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes as Html } from 'parse5';
import { createApp } from '../../api/app.ts';
import type { AppDeps } from '../../api/deps.ts';
import { createContext, type Ctx } from '../../domain/context.ts';
import { createKnex, dropDatabase, ensureDatabase } from '../../lib/db.ts';
import { migrateLatest } from '../../lib/migrator.ts';
import { runSeeds } from '../../seeds/index.ts';
import { registerCandidat } from '../../domain/candidats/register-candidat.ts';
import { createPublicAlert } from '../../domain/alerts/create-public-alert.ts';
import { runAlertMatching } from '../../domain/alerts/run-alert-matching.ts';
import { testDeps } from '../helpers/env.ts';
import { strictXml, type XmlElement } from '../helpers/strict-xml.ts';
import { readEmailHtml } from '../helpers/email-html.ts';
import { PASSWORD } from '../helpers/auth-factories.ts';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from '../../seeds/demo.ts';

const SERVER = process.env.TEST_DATABASE_SERVER ?? 'mysql://root@127.0.0.1:3306';
const MAX_REDIRECTS = 5;
/** Links followed at the same time, as a polite crawler does. */
const CRAWLERS = 4;

type Http = ReturnType<typeof supertest>;

interface Landing {
  status: number;
  type: string;
  path: string;
}

/** Every element of an XML document, depth first. */
function xmlElements(root: XmlElement): XmlElement[] {
  return [root, ...root.children.flatMap(xmlElements)];
}

/**
 * The addresses an XML document links to: the text of `loc`, `link`, `guid`, `url` and
 * `publisherurl`, and the `href` of `xhtml:link` alternates; `atom:link` is the feed's own address.
 */
function xmlLinks(xml: string): string[] {
  const links: string[] = [];
  for (const el of xmlElements(strictXml(xml))) {
    const named = ['loc', 'link', 'guid', 'url', 'publisherurl'].includes(el.name);
    // A sitemap's <url> holds its <loc>; the aggregator's <url> is the address itself.
    if (named && el.children.length === 0) links.push(el.text.trim());
    if (el.name === 'xhtml:link') links.push(el.attributes.href ?? '');
  }
  return links;
}

/** The `href` of every `<a>` of an HTML document (an email's HTML part). */
function htmlLinks(html: string): string[] {
  return readEmailHtml(html).links.map((l) => l.href);
}

/** The http(s) addresses written in a plain text (an email's text part). */
function textLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
}

/** The `<html lang>` of a page, to tell an HTML page from any body typed text/html. */
function htmlLang(html: string): string | undefined {
  const root = parse(html).childNodes.find((n): n is Html.Element => n.nodeName === 'html');
  return root?.attrs.find((a) => a.name === 'lang')?.value;
}

describe('Pages: crawling every link of the demo data set (no FRONTEND_URL)', function () {
  this.timeout(180_000);
  const url = `${SERVER}/recrutement_test_crawl_${process.pid}`;
  let knex: Knex;
  let deps: AppDeps;
  let http: Http;
  let publicUrl: string;

  before(async function () {
    await ensureDatabase(url);
    knex = createKnex(url, { min: 0, max: 8 });
    await migrateLatest(knex);
    deps = testDeps({ db: knex, config: { databaseUrl: url, frontendUrl: null } });
    const report = await runSeeds(knex, deps.config, { demo: true });
    expect(report.steps.join('\n')).to.contain('220 offers');
    await deps.search.start();
    http = supertest(createApp(deps).app.callback());
    publicUrl = deps.config.publicUrl;
  });

  after(async () => {
    deps?.search.stop();
    await knex?.destroy();
    await dropDatabase(url);
  });

  const ctx = (): Ctx => createContext(deps, { type: 'system', id: 'crawl-test' });

  /** The path and query of one of our addresses; any other origin fails the test. */
  function localPath(address: string): string {
    const parsed = new URL(address, publicUrl);
    expect(parsed.origin, `a link leaves the site: ${address}`).to.equal(new URL(publicUrl).origin);
    return `${parsed.pathname}${parsed.search}`;
  }

  const get = (address: string) => http.get(localPath(address)).buffer(true);

  /** Follows redirects from `address` to where it lands. */
  async function land(address: string): Promise<Landing & { body: string }> {
    let path = localPath(address);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const res = await http.get(path);
      if (res.status >= 300 && res.status < 400) {
        path = localPath(res.headers.location as string);
        continue;
      }
      return { status: res.status, type: res.headers['content-type'] ?? '', path, body: res.text };
    }
    throw new Error(`more than ${MAX_REDIRECTS} redirects from ${address}`);
  }

  /** Lands on each address once and expects an HTML page with one of `statuses`. */
  async function expectHtmlLandings(addresses: string[], statuses: number[] = [200]): Promise<number> {
    const unique = [...new Set(addresses)];
    const wrong: string[] = [];
    const queue = [...unique];
    const crawler = async () => {
      for (let address = queue.shift(); address !== undefined; address = queue.shift()) {
        const at = await land(address);
        const html = at.type === 'text/html; charset=utf-8' && htmlLang(at.body) !== undefined;
        if (!html || !statuses.includes(at.status))
          wrong.push(`${address} -> ${at.path}: ${at.status} ${at.type}`);
      }
    };
    await Promise.all(Array.from({ length: CRAWLERS }, crawler));
    expect(wrong, 'links that do not land on an HTML page').to.deep.equal([]);
    return unique.length;
  }

  /** robots.txt, then each sitemap it names and each sitemap those index: the page addresses they list. */
  async function sitemapLinks(): Promise<{ sitemaps: string[]; pages: string[] }> {
    const robots = await get('/robots.txt').expect(200);
    const named = [...robots.text.matchAll(/^Sitemap: (\S+)$/gm)].map((m) => m[1]);
    expect(named).to.have.length.at.least(1);
    const queue = [...named, `${publicUrl}/v1/api/public/sitemaps/offres.xml`];
    const sitemaps: string[] = [];
    const pages: string[] = [];
    while (queue.length > 0) {
      const address = queue.shift()!;
      sitemaps.push(address);
      const res = await get(address).expect(200);
      expect(res.headers['content-type']).to.match(/^application\/xml/);
      const isIndex = strictXml(res.text).name === 'sitemapindex';
      (isIndex ? queue : pages).push(...xmlLinks(res.text));
    }
    return { sitemaps, pages };
  }

  interface StoredEmail {
    textBody: string;
    htmlBody: string;
    headers: unknown;
  }

  async function emailsTo(to: string, template: string): Promise<StoredEmail> {
    const row = (await knex('outboundEmails')
      .where({ toAddress: to, template })
      .orderBy('id', 'desc')
      .first()) as StoredEmail | undefined;
    expect(row, `no ${template} email to ${to}`).to.not.equal(undefined);
    return row!;
  }

  /** The links of both parts, and the address of a `List-Unsubscribe` header. */
  function linksOfEmail(email: StoredEmail): string[] {
    const headers = (typeof email.headers === 'string' ? JSON.parse(email.headers) : email.headers) as Record<
      string,
      string
    > | null;
    const unsubscribe = /^<(https?:[^>]+)>$/.exec(headers?.['List-Unsubscribe'] ?? '')?.[1];
    return [
      ...htmlLinks(email.htmlBody),
      ...textLinks(email.textBody),
      ...(unsubscribe ? [unsubscribe] : []),
    ];
  }

  it('robots.txt, every sitemap and the feeds link only to HTML pages', async () => {
    const { sitemaps, pages } = await sitemapLinks();
    expect(sitemaps.length).to.be.at.least(4);
    const rss = await get('/v1/api/public/feeds/offres.rss').expect(200);
    const aggregator = await get('/v1/api/public/feeds/offres.xml').expect(200);
    const english = await get('/v1/api/public/feeds/offres.rss?lang=en').expect(200);
    const feedLinks = [...xmlLinks(rss.text), ...xmlLinks(aggregator.text), ...xmlLinks(english.text)];
    const published = Number(
      ((await knex('offres').where({ status: 'PUBLISHED' }).count({ n: '*' }).first()) as { n: number }).n,
    );
    // Every published demo offer has a page in the sitemaps and the feeds (French and English pages).
    expect(pages.filter((p) => /\/emplois\/\d+-/.test(p)).length).to.be.at.least(published);
    const crawled = await expectHtmlLandings([...pages, ...feedLinks]);
    expect(crawled).to.be.at.least(2 * published);
  });

  it('the links of the validation, alert confirmation and job alert emails land on HTML pages', async () => {
    const candidat = await registerCandidat(ctx(), {
      email: 'crawl.candidate@example.cm',
      password: PASSWORD,
      nom: 'Ngo',
      prenom: 'Awa',
      langue: 'fr',
    });
    const validation = await emailsTo(candidat.email, 'email-validation');

    const newest = (await knex('offres')
      .where({ status: 'PUBLISHED' })
      .orderBy('publishedAt', 'desc')
      .first('titre', 'publishedAt')) as { titre: string; publishedAt: Date };
    const keyword = newest.titre.split(/\s+/).find((w) => w.length > 4) ?? newest.titre;
    const alertEmail = 'crawl.alert@example.cm';
    await createPublicAlert(ctx(), { email: alertEmail, langue: 'en', keywords: keyword });
    const confirmation = await emailsTo(alertEmail, 'job-alert-confirmation');

    // Opening the links once does their work (validates, confirms): each says so on a page.
    const firstVisits = [...linksOfEmail(validation), ...linksOfEmail(confirmation)];
    expect(firstVisits.some((l) => l.includes('/email/validation?token='))).to.equal(true);
    expect(firstVisits.some((l) => l.includes('/alertes/confirmation?token='))).to.equal(true);
    await expectHtmlLandings(firstVisits);

    // The confirmed alert's window opens before the newest offer, so the daily run sends a digest.
    const before = new Date(new Date(newest.publishedAt).getTime() - 3600_000);
    await knex('jobAlerts').where({ email: alertEmail }).update({ createdAt: before, lastMatchedAt: before });
    const run = await runAlertMatching(ctx());
    expect(run.emailsQueued).to.be.at.least(1);
    const digest = await emailsTo(alertEmail, 'job-alert');
    const digestLinks = linksOfEmail(digest);
    expect(digestLinks.some((l) => /\/emplois\/\d+-/.test(l))).to.equal(true);
    expect(digestLinks.some((l) => l.includes('/alertes/desinscription?token='))).to.equal(true);
    expect(digestLinks.some((l) => l.includes('/v1/api/alertes/unsubscribe?token='))).to.equal(true);
    // The unsubscribe links show a page with a button: opening them changes nothing.
    await expectHtmlLandings(digestLinks);
    const alert = (await knex('jobAlerts').where({ email: alertEmail }).first('active')) as {
      active: number;
    };
    expect(Boolean(alert.active)).to.equal(true);

    // Opened again, the used single-use links still land on pages: "already done" (200) or "used" (410).
    await expectHtmlLandings(firstVisits, [200, 410]);
  });

  it('the links of the application emails, to the candidate and to the recruiters, land on HTML pages', async () => {
    const email = `candidat1@${DEMO_EMAIL_DOMAIN}`;
    const session = await http
      .post('/v1/api/auth/login')
      .send({ email, password: DEMO_PASSWORD })
      .expect(200);
    const auth = { Authorization: `Bearer ${session.body.accessToken as string}` };
    const candidatId = Number((await knex('accounts').where({ email }).first('id')).id);
    const offre = (await knex('offres as o')
      .join('entreprises as e', 'e.id', 'o.entrepriseId')
      .where({ 'o.status': 'PUBLISHED', 'e.status': 'ACTIVE' })
      .where((w) => {
        void w.whereNull('o.deadline').orWhere('o.deadline', '>=', new Date().toISOString().slice(0, 10));
      })
      .whereNotExists(
        knex('candidatures as c').where('c.offreId', knex.ref('o.id')).where('c.candidatId', candidatId),
      )
      .first('o.id', 'o.entrepriseId')) as { id: number; entrepriseId: number };
    await knex('recruiters')
      .where({ entrepriseId: offre.entrepriseId })
      .update({ notificationsCandidatures: 'IMMEDIATE' });
    await knex('candidates').where({ id: candidatId }).update({ notifyCandidatureRecue: true });
    const applied = await http
      .post('/v1/api/candidatures')
      .set(auth)
      .send({ offreId: offre.id, lettreMotivation: 'Disponible dès lundi.' })
      .expect(200);
    const received = await emailsTo(email, 'candidature-received');
    const news = (await knex('outboundEmails')
      .where({ template: 'candidature-new' })
      .where('textBody', 'like', '%Disponible dès lundi.%')) as StoredEmail[];
    expect(news.length, 'a recruiter of the company heard of it').to.be.at.least(1);
    const links = [...linksOfEmail(received), ...news.flatMap(linksOfEmail)];
    expect(
      links.some((l) => /\/emplois\/\d+-/.test(l)),
      'the candidate’s button opens the offer',
    ).to.equal(true);
    expect(links.filter((l) => l.includes(`/candidatures/${applied.body.data.id as number}`))).to.deep.equal(
      [],
    );
    await expectHtmlLandings(links);
  });
});
