/**
 * What crawlers read at the root: robots.txt, read by robots-parser (a parser we did not write),
 * and the sitemap index with its files, read by a strict XML parser in namespace mode. Every
 * sitemap lists only addresses under its own directory (the sitemaps.org location rule), each page
 * with its French and English versions; FRONTEND_URL turns them into the frontend's addresses;
 * conditional GETs.
 */
import { expect } from 'chai';
import robotsParserExports from 'robots-parser';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createOffre, createRecruteur, type TestRecruteur } from '../helpers/factories.ts';
import { uniqueWord } from '../helpers/offre-factories.ts';
import {
  childNamed,
  childrenNamed,
  namespacedElements,
  strictXml,
  type XmlElement,
} from '../helpers/strict-xml.ts';

// CommonJS (`module.exports = function`) typed as an ES default export: the import is the function itself.
const robotsParser = robotsParserExports as unknown as typeof robotsParserExports.default;

const PUBLIC_URL = 'https://api.example.cm';
const FRONTEND_URL = 'https://emploi.example.cm';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const site = (more: Record<string, unknown> = {}) =>
  agent({ config: { publicUrl: PUBLIC_URL, frontendUrl: null, ...more } });

const text = (el: XmlElement, name: string) => childNamed(el, name).text;

interface SitemapUrl {
  loc: string;
  lastmod: string;
  alternates: [string, string][];
}

/** A sitemap file, read strictly: its root's namespaces declared, its `url`s. */
function urlsOf(document: string): SitemapUrl[] {
  const elements = namespacedElements(document);
  expect(elements[0]).to.deep.equal({ name: 'urlset', uri: SITEMAP_NS });
  for (const e of elements) expect(e.uri, e.name).to.equal(e.name === 'xhtml:link' ? XHTML_NS : SITEMAP_NS);
  return childrenNamed(strictXml(document), 'url').map((u) => ({
    loc: text(u, 'loc'),
    lastmod: text(u, 'lastmod'),
    alternates: childrenNamed(u, 'xhtml:link').map((l) => [l.attributes.hreflang, l.attributes.href]),
  }));
}

/** The files the index lists, as paths of the API, and every URL they list. */
async function wholeSitemap(client: ReturnType<typeof site>): Promise<Map<string, SitemapUrl[]>> {
  const index = await client.get('/sitemap.xml').expect(200);
  expect(index.headers['content-type']).to.equal('application/xml; charset=utf-8');
  expect(namespacedElements(index.text)[0]).to.deep.equal({ name: 'sitemapindex', uri: SITEMAP_NS });
  const files = new Map<string, SitemapUrl[]>();
  for (const file of childrenNamed(strictXml(index.text), 'sitemap')) {
    const loc = text(file, 'loc');
    expect(loc.startsWith(`${PUBLIC_URL}/`), loc).to.equal(true);
    const path = loc.slice(PUBLIC_URL.length);
    files.set(path, urlsOf((await client.get(path).expect(200)).text));
  }
  return files;
}

/** The sitemaps.org location rule: a sitemap lists only addresses under the directory it is in. */
function expectUnderOwnDirectory(sitemapUrl: string, urls: SitemapUrl[]): void {
  const directory = sitemapUrl.slice(0, sitemapUrl.lastIndexOf('/') + 1);
  for (const u of urls)
    for (const address of [u.loc, ...u.alternates.map(([, href]) => href)])
      expect(address.startsWith(directory), `${address} in ${sitemapUrl}`).to.equal(true);
}

describe('Crawlers: robots.txt and the root sitemaps', () => {
  let recruteur: TestRecruteur;
  before(async () => {
    recruteur = await createRecruteur({ plan: 'ENTREPRISE' });
  });

  it('robots.txt names the sitemap index, allows the pages and feeds, keeps crawlers out of the rest of the API', async () => {
    const res = await site().get('/robots.txt').expect(200);
    expect(res.headers['content-type']).to.equal('text/plain; charset=utf-8');
    const robots = robotsParser(`${PUBLIC_URL}/robots.txt`, res.text);
    expect(robots.getSitemaps()).to.deep.equal([`${PUBLIC_URL}/sitemap.xml`]);
    for (const path of [
      '/emplois',
      '/emplois/12-comptable',
      '/entreprises/3-acme',
      '/sitemap.xml',
      '/sitemap-offres-1.xml',
      '/v1/api/public/feeds/offres.rss',
      '/v1/api/public/feeds/offres.xml',
      '/v1/api/public/sitemaps/offres.xml',
      '/v1/api/files/5?size=256',
    ])
      expect(robots.isAllowed(`${PUBLIC_URL}${path}`, 'Googlebot'), path).to.equal(true);
    for (const path of ['/v1/api/offres', '/v1/api/auth/login', '/v1/api/public/offres/1', '/docs'])
      expect(robots.isAllowed(`${PUBLIC_URL}${path}`, 'Googlebot'), path).to.equal(false);
    await site().get('/robots.txt').set('If-None-Match', res.headers.etag).expect(304);
    await site().get('/robots.txt').set('If-Modified-Since', res.headers['last-modified']).expect(304);
  });

  it('the sitemap index lists files at the root; each lists only addresses under its own directory', async () => {
    // Three offers at two a file: two offers' files, whatever other tests have published.
    for (let i = 0; i < 3; i++) await createOffre(recruteur, { titre: `Soudeur ${uniqueWord('root')}` });
    const files = await wholeSitemap(site({ sitemapPageSize: 2 }));
    const paths = [...files.keys()];
    expect(paths[0]).to.equal('/sitemap-pages.xml');
    expect(paths).to.include.members([
      '/sitemap-offres-1.xml',
      '/sitemap-offres-2.xml',
      '/sitemap-entreprises-1.xml',
    ]);
    for (const path of paths) expect(path).to.match(/^\/sitemap-(pages|offres-\d+|entreprises-\d+)\.xml$/);
    for (const [path, urls] of files) {
      expect(urls.length, path).to.be.within(1, 2);
      expectUnderOwnDirectory(`${PUBLIC_URL}${path}`, urls);
    }
    expect(files.get('/sitemap-pages.xml')!.map((u) => u.loc)).to.deep.equal([`${PUBLIC_URL}/emplois`]);
    const offres = paths.filter((p) => p.startsWith('/sitemap-offres-'));
    await site({ sitemapPageSize: 2 })
      .get(`/sitemap-offres-${offres.length + 1}.xml`)
      .expect(404);
    for (const bad of ['/sitemap-offres-0.xml', '/sitemap-offres-x.xml', '/sitemap-entreprises-99999.xml'])
      await site({ sitemapPageSize: 2 }).get(bad).expect(404);
  });

  it('an offer’s and its company’s pages are listed with their French and English versions and last change', async () => {
    const word = uniqueWord('plan');
    const id = await createOffre(recruteur, { titre: `Électricien ${word}` });
    const updatedAt = (await testDb()('offres').where({ id }).first('updatedAt')).updatedAt as Date;
    const urls = [...(await wholeSitemap(site())).values()].flat();
    const page = `${PUBLIC_URL}/emplois/${id}-electricien-${word}`;
    const offre = urls.find((u) => u.loc === page);
    expect(offre, page).to.not.equal(undefined);
    expect(offre!.alternates).to.deep.equal([
      ['fr', page],
      ['en', `${page}?lang=en`],
      ['x-default', page],
    ]);
    expect(new Date(offre!.lastmod).getTime()).to.equal(new Date(updatedAt).getTime());
    const entreprisePages = urls.filter((u) =>
      u.loc.startsWith(`${PUBLIC_URL}/entreprises/${recruteur.entrepriseId}-`),
    );
    expect(entreprisePages).to.have.length(1);
    expect(entreprisePages[0].loc).to.match(/^[^?]+-[a-z0-9-]+$/);
    expect(new Date(entreprisePages[0].lastmod).getTime()).to.be.at.least(new Date(updatedAt).getTime());
    expect(entreprisePages[0].alternates.map(([lang]) => lang)).to.deep.equal(['fr', 'en', 'x-default']);
  });

  it('a company with no open offer, and closed offers, are in no sitemap', async () => {
    const idle = await createRecruteur({ plan: 'ENTREPRISE' });
    const closed = await createOffre(idle, {
      titre: `Closed ${uniqueWord('closed')}`,
      deadline: '2020-01-01',
    });
    const urls = [...(await wholeSitemap(site())).values()].flat().map((u) => u.loc);
    expect(urls.filter((u) => u.startsWith(`${PUBLIC_URL}/entreprises/${idle.entrepriseId}-`))).to.deep.equal(
      [],
    );
    expect(urls.filter((u) => u.startsWith(`${PUBLIC_URL}/emplois/${closed}-`))).to.deep.equal([]);
  });

  it('with FRONTEND_URL, the sitemaps list the frontend’s addresses, without alternates', async () => {
    const id = await createOffre(recruteur, { titre: `Maçon ${uniqueWord('front')}` });
    const files = await wholeSitemap(site({ frontendUrl: FRONTEND_URL }));
    const urls = [...files.values()].flat();
    expect(files.get('/sitemap-pages.xml')!.map((u) => u.loc)).to.deep.equal([`${FRONTEND_URL}/offres`]);
    expect(urls.map((u) => u.loc)).to.include.members([
      `${FRONTEND_URL}/offres/${id}`,
      `${FRONTEND_URL}/entreprises/${recruteur.entrepriseId}`,
    ]);
    for (const u of urls) {
      expect(u.loc.startsWith(`${FRONTEND_URL}/`)).to.equal(true);
      expect(u.alternates).to.deep.equal([]);
    }
  });

  it('the sitemaps answer 304 to a client that holds them; a new offer changes them', async () => {
    for (const path of [
      '/sitemap.xml',
      '/sitemap-pages.xml',
      '/sitemap-offres-1.xml',
      '/sitemap-entreprises-1.xml',
    ]) {
      const first = await site().get(path).expect(200);
      expect(first.headers['cache-control'], path).to.equal('public, max-age=300');
      expect(first.headers['last-modified'], path).to.be.a('string');
      await site().get(path).set('If-None-Match', first.headers.etag).expect(304);
      await site().get(path).set('If-Modified-Since', first.headers['last-modified']).expect(304);
    }
    const before = await site().get('/sitemap-offres-1.xml').expect(200);
    await createOffre(recruteur, { titre: `Peintre ${uniqueWord('etag')}` });
    const after = await site()
      .get('/sitemap-offres-1.xml')
      .set('If-None-Match', before.headers.etag)
      .expect(200);
    expect(after.headers.etag).to.not.equal(before.headers.etag);
  });
  it('every address the sitemaps and the RSS feed give opens an HTML page (a permalink through one redirect)', async () => {
    const word = uniqueWord('crawl');
    await createOffre(recruteur, { titre: `Boulanger ${word}` });
    const client = site();
    const urls = [...(await wholeSitemap(client)).values()].flat();
    const ours = urls.filter(
      (u) =>
        u.loc.includes(`-boulanger-${word}`) ||
        u.loc.startsWith(`${PUBLIC_URL}/entreprises/${recruteur.entrepriseId}-`) ||
        u.loc === `${PUBLIC_URL}/emplois`,
    );
    expect(ours).to.have.length(3);
    const channel = childNamed(
      strictXml((await client.get(`/v1/api/public/feeds/offres.rss?q=${word}&lang=en`).expect(200)).text),
      'channel',
    );
    const item = childNamed(channel, 'item');
    const pages = [
      ...ours.flatMap((u) => u.alternates.map(([, href]) => href)),
      text(channel, 'link'),
      text(item, 'link'),
    ];
    for (const address of pages) {
      const res = await client.get(address.slice(PUBLIC_URL.length)).expect(200);
      expect(res.headers['content-type'], address).to.match(/^text\/html/);
    }
    const permalink = await client.get(text(item, 'guid').slice(PUBLIC_URL.length)).expect(301);
    expect(new URL(permalink.headers.location as string, PUBLIC_URL).href).to.equal(text(item, 'link'));
  });
});
