/**
 * A site on its first day: migrated, no offer, no company. Crawlers and feed readers already come,
 * so every public document must be valid and must not claim a last change it does not have (a
 * sitemap's lastmod, a feed's lastBuildDate or a Last-Modified of 1970 would be read as a date),
 * and nothing is sent about queues that are empty.
 * In a database of its own: the other tests' offers would fill it.
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import supertest from 'supertest';
import { createApp } from '../../api/app.ts';
import type { AppDeps } from '../../api/deps.ts';
import { createKnex, dropDatabase, ensureDatabase } from '../../lib/db.ts';
import { migrateLatest } from '../../lib/migrator.ts';
import { testDeps } from '../helpers/env.ts';
import { createContext } from '../../domain/context.ts';
import { sendModerationDigests } from '../../domain/admins/moderation-digest.ts';
import { childNamed, childrenNamed, strictXml, type XmlElement } from '../helpers/strict-xml.ts';
import { visibleText } from '../helpers/html-forms.ts';

const SERVER = process.env.TEST_DATABASE_SERVER ?? 'mysql://root@127.0.0.1:3306';

/** Every element of an XML document, depth first. */
const elementsOf = (root: XmlElement): XmlElement[] => [root, ...root.children.flatMap(elementsOf)];

describe('Pages: a site with no offer yet', function () {
  this.timeout(120_000);
  const url = `${SERVER}/recrutement_test_empty_${process.pid}`;
  let knex: Knex;
  let deps: AppDeps;
  let http: ReturnType<typeof supertest>;

  before(async () => {
    await ensureDatabase(url);
    knex = createKnex(url, { min: 0, max: 4 });
    await migrateLatest(knex);
    deps = testDeps({ db: knex, config: { databaseUrl: url, frontendUrl: null } });
    await deps.search.start();
    http = supertest(createApp(deps).app.callback());
  });

  after(async () => {
    deps?.search.stop();
    await knex?.destroy();
    await dropDatabase(url);
  });

  /** A document that tells no last change: no date element, no Last-Modified, yet a 304 to its ETag. */
  async function expectUndated(path: string, undated: string[]): Promise<XmlElement> {
    const res = await http.get(path).expect(200);
    expect(res.headers['last-modified'], path).to.equal(undefined);
    expect(res.headers.etag, path).to.be.a('string');
    await http.get(path).set('If-None-Match', res.headers.etag).expect(304);
    const root = strictXml(res.text);
    const names = elementsOf(root).map((e) => e.name);
    for (const name of undated) expect(names, path).to.not.include(name);
    expect(res.text, path).to.not.contain('1970');
    return root;
  }

  it('the sitemap index lists its pages file without a date; that file lists the list page without one', async () => {
    const index = await expectUndated('/sitemap.xml', ['lastmod']);
    expect(childrenNamed(index, 'sitemap').map((s) => childNamed(s, 'loc').text)).to.deep.equal([
      `${deps.config.publicUrl}/sitemap-pages.xml`,
    ]);
    const pages = await expectUndated('/sitemap-pages.xml', ['lastmod']);
    expect(childrenNamed(pages, 'url').map((u) => childNamed(u, 'loc').text)).to.deep.equal([
      `${deps.config.publicUrl}/emplois`,
    ]);
    await http.get('/sitemap-offres-1.xml').expect(404);
  });

  it('the partners’ sitemap and both feeds are empty and undated', async () => {
    const partners = await expectUndated('/v1/api/public/sitemaps/offres.xml', ['lastmod', 'url']);
    expect(partners.name).to.equal('urlset');
    const rss = await expectUndated('/v1/api/public/feeds/offres.rss', ['lastBuildDate', 'item']);
    expect(childNamed(childNamed(rss, 'channel'), 'title').text)
      .to.be.a('string')
      .and.not.equal('');
    const jobs = await expectUndated('/v1/api/public/feeds/offres.xml', ['lastBuildDate', 'job']);
    expect(childNamed(jobs, 'publisher').text).to.equal('Recrutement Cameroun');
  });

  it('the list page says there is no offer yet, not that a search found none', async () => {
    const fr = visibleText((await http.get('/emplois').expect(200)).text);
    expect(fr).to.contain('Aucune offre ouverte pour le moment').and.not.contain('cette recherche');
    const en = visibleText((await http.get('/emplois?lang=en').expect(200)).text);
    expect(en).to.contain('No open offer at the moment').and.not.contain('this search');
    const searched = visibleText((await http.get('/emplois?q=comptable').expect(200)).text);
    expect(searched).to.contain('Aucune offre ne correspond à cette recherche.');
  });

  it('nothing waits for an administrator: the moderation digest sends no email', async () => {
    const report = await sendModerationDigests(
      createContext(deps, { type: 'system', id: 'empty-site-test' }),
    );
    expect(report).to.deep.equal({ waiting: 0, recruiters: 0, offres: 0, apps: 0, admins: 0 });
    expect(await knex('outboundEmails').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
  });
});
