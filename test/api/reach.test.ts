/**
 * Reach: JSON-LD JobPosting checked against Google for Jobs' required and recommended properties
 * (a JSON schema written from Google's documentation), one test per mapping, and inlined in a page
 * read by an HTML5 parser; RSS, aggregator feed and sitemaps read by a strict XML parser with
 * hostile texts, their HTML descriptions by an HTML5 parser; RSS guids and self link, Indeed's
 * required fields; French and English bodies with their own ETags; filters; conditional GETs.
 */
import { expect } from 'chai';
import { Ajv } from 'ajv';
import type { JobPosting, WithContext } from 'schema-dts';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createOffre, createRecruteur, type TestRecruteur } from '../helpers/factories.ts';
import { uniqueWord } from '../helpers/offre-factories.ts';
import {
  childNamed,
  childrenNamed,
  htmlFragment,
  namespacedElements,
  scriptsOf,
  strictXml,
  type XmlElement,
} from '../helpers/strict-xml.ts';

/** Google for Jobs: required title, description, datePosted, hiringOrganization, jobLocation (or TELECOMMUTE); recommended the rest. */
const GOOGLE_JOB_POSTING = {
  type: 'object',
  required: [
    '@context',
    '@type',
    'title',
    'description',
    'datePosted',
    'hiringOrganization',
    'jobLocation',
    'employmentType',
    'identifier',
    'directApply',
  ],
  properties: {
    '@context': { const: 'https://schema.org' },
    '@type': { const: 'JobPosting' },
    title: { type: 'string', minLength: 1 },
    description: { type: 'string', pattern: '^<' },
    datePosted: { type: 'string', format: 'date-time' },
    validThrough: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T23:59:59\\+01:00$' },
    employmentType: { enum: ['FULL_TIME', 'TEMPORARY', 'CONTRACTOR', 'INTERN'] },
    hiringOrganization: {
      type: 'object',
      required: ['@type', 'name'],
      properties: {
        '@type': { const: 'Organization' },
        name: { type: 'string', minLength: 1 },
        logo: { type: 'string', format: 'uri' },
      },
    },
    jobLocation: {
      type: 'object',
      required: ['@type', 'address'],
      properties: {
        address: {
          type: 'object',
          required: ['@type', 'addressLocality', 'addressRegion', 'addressCountry'],
          properties: { '@type': { const: 'PostalAddress' }, addressCountry: { const: 'CM' } },
        },
      },
    },
    baseSalary: {
      type: 'object',
      required: ['@type', 'currency', 'value'],
      properties: {
        currency: { const: 'XAF' },
        value: {
          type: 'object',
          required: ['@type', 'unitText'],
          properties: { unitText: { const: 'MONTH' } },
        },
      },
    },
    identifier: { type: 'object', required: ['@type', 'name', 'value'] },
    directApply: { const: true },
    url: { type: 'string', format: 'uri' },
  },
};

const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T/).addFormat('uri', /^https?:\/\//);
const validPosting = ajv.compile(GOOGLE_JOB_POSTING);

/**
 * Texts a recruiter can type (or an older row can hold): entity references XML does not define or
 * forbids, an HTML element, the end of a CDATA section, control characters. `FORBIDDEN` is what
 * XML 1.0 cannot carry and the feeds remove; the rest must read back as typed. (A lone surrogate
 * cannot reach a row: the driver stores U+FFFD; test/unit/xml-text.test.ts covers it.)
 */
const FORBIDDEN = '\u0001\u001f\ufffe';
const HOSTILE_TEXT = 'Caisse &e; nul &#0; déjà &amp; <img src=x onerror=alert(1)> fin ]]> 😀 مرحبا';
const HOSTILE_SKILL = '<b>Sage</b> & "Excel"';
/** Elements the feeds' HTML descriptions are built with (offre-description-html.ts, offre-summary-html.ts). */
const EMITTED = ['p', 'br', 'ul', 'li', 'strong'];
/** The API's address in these tests, so page addresses can be written out in full. */
const PUBLIC_URL = 'https://api.example.cm';
const site = { config: { publicUrl: PUBLIC_URL, frontendUrl: null } };
const ATOM_NS = 'http://www.w3.org/2005/Atom';
/** Indeed's required job elements (its XML feed reference). */
const INDEED_REQUIRED = [
  'title',
  'date',
  'referencenumber',
  'requisitionid',
  'url',
  'company',
  'city',
  'country',
  'description',
];

async function posting(id: number) {
  const res = await agent(site).get(`/v1/api/public/offres/${id}/jobposting`).expect(200);
  expect(res.headers['content-type']).to.match(/^application\/ld\+json/);
  return JSON.parse(res.text) as WithContext<JobPosting> & Record<string, unknown>;
}

const text = (el: XmlElement, name: string) => childNamed(el, name).text;

/** The description, read as HTML: only our elements, the hostile texts as text. */
function expectSafeHtml(description: string) {
  const html = htmlFragment(description);
  expect(
    html.elements.filter((e) => !EMITTED.includes(e)),
    description,
  ).to.deep.equal([]);
  expect(html.elements).to.include.members(['p', 'ul', 'li']);
  expect(html.text).to.contain(HOSTILE_TEXT);
  expect(html.text).to.contain(HOSTILE_SKILL);
  for (const c of FORBIDDEN) expect(html.text).to.not.contain(c);
}

describe('Reach: JSON-LD, feeds and sitemaps', () => {
  let recruteur: TestRecruteur;
  before(async () => {
    recruteur = await createRecruteur({ plan: 'ENTREPRISE' });
  });

  it('JobPosting passes Google’s required and recommended properties', async () => {
    const id = await createOffre(recruteur, {
      titre: 'Comptable senior',
      competences: ['Sage', 'Excel'],
      deadline: '2099-06-30',
      remotePossible: true,
    });
    const p = await posting(id);
    expect(validPosting(p), JSON.stringify(validPosting.errors)).to.equal(true);
    expect(p.description).to.contain('<li>Sage</li>');
    expect((p.identifier as { value: string }).value).to.equal(String(id));
  });

  it('maps each contract type to its employmentType', async () => {
    const expected = {
      CDI: 'FULL_TIME',
      CDD: 'TEMPORARY',
      FREELANCE: 'CONTRACTOR',
      STAGE: 'INTERN',
    } as const;
    for (const [contractType, employmentType] of Object.entries(expected)) {
      const id = await createOffre(recruteur, { contractType: contractType as keyof typeof expected });
      expect((await posting(id)).employmentType, contractType).to.equal(employmentType);
    }
  });

  it('a remote offer is TELECOMMUTE for applicants in Cameroon; an on-site one is not', async () => {
    const remote = await posting(await createOffre(recruteur, { remotePossible: true }));
    expect(remote.jobLocationType).to.equal('TELECOMMUTE');
    expect(remote.applicantLocationRequirements).to.deep.equal({ '@type': 'Country', name: 'Cameroun' });
    const onSite = await posting(await createOffre(recruteur, { remotePossible: false }));
    expect(onSite).to.not.have.property('jobLocationType');
  });

  it('a salary is a baseSalary in XAF per month; no salary, no baseSalary', async () => {
    const paid = await posting(await createOffre(recruteur, { salaireMin: 300000, salaireMax: 450000 }));
    expect(paid.baseSalary).to.deep.equal({
      '@type': 'MonetaryAmount',
      currency: 'XAF',
      value: { '@type': 'QuantitativeValue', minValue: 300000, maxValue: 450000, unitText: 'MONTH' },
    });
    const unpaid = await posting(await createOffre(recruteur, { salaireMin: null, salaireMax: null }));
    expect(unpaid).to.not.have.property('baseSalary');
  });

  it('validThrough is the end of the deadline day in Africa/Douala', async () => {
    const p = await posting(await createOffre(recruteur, { deadline: '2099-12-31' }));
    expect(p.validThrough).to.equal('2099-12-31T23:59:59+01:00');
    expect(new Date(p.validThrough as string).toISOString()).to.equal('2099-12-31T22:59:59.000Z');
  });

  it('a draft, an archived or an expired offer is in no feed, no sitemap and no JSON-LD (404)', async () => {
    const word = uniqueWord('cache');
    const hidden = [
      await createOffre(recruteur, { titre: `Draft ${word}`, status: 'DRAFT' }),
      await createOffre(recruteur, { titre: `Archived ${word}`, status: 'ARCHIVED' }),
      await createOffre(recruteur, { titre: `Expired ${word}`, deadline: '2020-01-01' }),
    ];
    const visible = await createOffre(recruteur, { titre: `Visible ${word}` });
    for (const id of hidden) await agent().get(`/v1/api/public/offres/${id}/jobposting`).expect(404);
    const rss = strictXml(
      (await agent(site).get(`/v1/api/public/feeds/offres.rss?q=${word}`).expect(200)).text,
    );
    const xml = (await agent(site).get(`/v1/api/public/feeds/offres.xml?q=${word}`).expect(200)).text;
    const map = strictXml((await agent(site).get('/v1/api/public/sitemaps/offres.xml').expect(200)).text);
    const guids = childrenNamed(childNamed(rss, 'channel'), 'item').map((i) => text(i, 'guid'));
    const locs = childrenNamed(map, 'url').map((u) => text(u, 'loc'));
    for (const id of hidden) {
      expect(guids).to.not.include(`${PUBLIC_URL}/emplois/${id}`);
      expect(xml).to.not.contain(`<![CDATA[${id}]]>`);
      expect(locs.filter((loc) => loc.startsWith(`${PUBLIC_URL}/emplois/${id}-`))).to.deep.equal([]);
    }
    expect(guids).to.deep.equal([`${PUBLIC_URL}/emplois/${visible}`]);
    expect(locs).to.include(`${PUBLIC_URL}/emplois/${visible}-visible-${word}`);
  });

  /** A published offer with hostile texts, written straight to the database as an older row could hold them. */
  async function hostileOffre(word: string): Promise<number> {
    const id = await createOffre(recruteur, {
      titre: `Caissier ${word}`,
      competences: [HOSTILE_SKILL, 'Excel'],
    });
    // The API refuses control characters; older rows may hold them.
    await testDb()('offres')
      .where({ id })
      .update({
        titre: `Caissier ${word} ${FORBIDDEN}${HOSTILE_TEXT}`,
        description: `${HOSTILE_TEXT}${FORBIDDEN}\n\n${HOSTILE_TEXT}`,
      });
    return id;
  }

  it('the RSS feed is well-formed whatever the texts hold; its HTML description shows them as text', async () => {
    const word = uniqueWord('rss');
    const id = await hostileOffre(word);
    const rss = strictXml(
      (await agent(site).get(`/v1/api/public/feeds/offres.rss?q=${word}`).expect(200)).text,
    );
    const [item, ...others] = childrenNamed(childNamed(rss, 'channel'), 'item');
    expect(others).to.deep.equal([]);
    expect(text(item, 'guid')).to.equal(`${PUBLIC_URL}/emplois/${id}`);
    expect(
      text(item, 'link').startsWith(`${PUBLIC_URL}/emplois/${id}-caissier-${word}-caisse-e-nul-`),
    ).to.equal(true);
    expect(text(item, 'title')).to.match(/ — /);
    expect(text(item, 'title').split(' — ')[0]).to.equal(`Caissier ${word} ${HOSTILE_TEXT}`);
    expectSafeHtml(text(item, 'description'));
  });

  it('the aggregators’ feed is well-formed whatever the texts hold; texts read back as typed', async () => {
    const word = uniqueWord('xml');
    const id = await hostileOffre(word);
    const feed = strictXml((await agent().get(`/v1/api/public/feeds/offres.xml?q=${word}`).expect(200)).text);
    const [job, ...others] = childrenNamed(feed, 'job');
    expect(others).to.deep.equal([]);
    expect(text(job, 'referencenumber')).to.equal(String(id));
    expect(text(job, 'requisitionid')).to.equal(String(id));
    expect(text(job, 'title')).to.equal(`Caissier ${word} ${HOSTILE_TEXT}`);
    // Plain text, as typed (Indeed reads no HTML entities): the JSON-LD's parts, the forbidden characters removed.
    expect(text(job, 'description')).to.equal(
      [
        HOSTILE_TEXT,
        HOSTILE_TEXT,
        'Département : Finance',
        'Profil recherché : 3 ans',
        `Compétences :\n- ${HOSTILE_SKILL}\n- Excel`,
      ].join('\n\n'),
    );
  });

  it('sitemaps and the sitemap index are well-formed and read back the URLs, whatever the texts and links hold', async () => {
    const id = await hostileOffre(uniqueWord('plan'));
    // A `&` followed by what looks like a reference must be written as text too.
    const config = {
      frontendUrl: 'https://emploi.example.cm/a&e;b',
      publicUrl: 'https://api.example.cm/x&#0;y',
    };
    const single = strictXml(
      (await agent({ config }).get('/v1/api/public/sitemaps/offres.xml').expect(200)).text,
    );
    const locs = childrenNamed(single, 'url').map((u) => text(u, 'loc'));
    expect(locs).to.include(`https://emploi.example.cm/a&e;b/offres/${id}`);
    const paged = agent({ config: { ...config, sitemapPageSize: 2 } });
    const index = strictXml((await paged.get('/v1/api/public/sitemaps/offres.xml').expect(200)).text);
    const pages = childrenNamed(index, 'sitemap').map((p) => text(p, 'loc'));
    expect(pages[0]).to.equal('https://api.example.cm/x&#0;y/v1/api/public/sitemaps/offres-1.xml');
    const pageLocs: string[] = [];
    for (let n = 1; n <= pages.length; n++) {
      const page = strictXml((await paged.get(`/v1/api/public/sitemaps/offres-${n}.xml`).expect(200)).text);
      pageLocs.push(...childrenNamed(page, 'url').map((u) => text(u, 'loc')));
    }
    expect(pageLocs).to.include(`https://emploi.example.cm/a&e;b/offres/${id}`);
  });

  it('the JobPosting answer can be inlined in a page as is: one script element, the same JSON', async () => {
    const titre = '</script><script>alert(1)</script>';
    const id = await createOffre(recruteur, {
      titre,
      description: 'Début <!-- commentaire\u2028ligne\u2029 R&D > fin',
      competences: ['</SCRIPT >', 'a & b'],
    });
    const url = `/v1/api/public/offres/${id}/jobposting`;
    const res = await agent().get(url).expect(200);
    expect(res.headers['content-type']).to.equal('application/ld+json; charset=utf-8');
    expect(res.text).to.not.match(/[<>&\u2028\u2029]/);
    const answer = JSON.parse(res.text) as Record<string, unknown>;
    expect(answer.title).to.equal(titre);
    expect(validPosting(answer), JSON.stringify(validPosting.errors)).to.equal(true);
    const page = `<!doctype html><html><head><title>Offre</title><script type="application/ld+json">${res.text}</script></head><body><h1>Offre</h1></body></html>`;
    const scripts = scriptsOf(page);
    expect(scripts).to.have.length(1);
    expect(scripts[0].type).to.equal('application/ld+json');
    expect(JSON.parse(scripts[0].text)).to.deep.equal(answer);
    await agent().get(url).set('If-None-Match', res.headers.etag).expect(304);
  });

  it('a feed filtered by city and q holds exactly the matching offers', async () => {
    const word = uniqueWord('filtre');
    const douala = await createOffre(recruteur, { titre: `Comptable ${word}`, villeSlug: 'douala' });
    const douala2 = await createOffre(recruteur, { titre: `Comptables ${word}`, villeSlug: 'douala' });
    await createOffre(recruteur, { titre: `Comptable ${word}`, villeSlug: 'yaounde' });
    await createOffre(recruteur, { titre: `Chauffeur ${word}`, villeSlug: 'douala' });
    const villeId = (await testDb()('villes').where({ slug: 'douala' }).first('id')).id as number;
    const rss = strictXml(
      (
        await agent()
          .get(`/v1/api/public/feeds/offres.rss?q=comptable ${word}&villeId=${villeId}`)
          .expect(200)
      ).text,
    );
    const items = childrenNamed(childNamed(rss, 'channel'), 'item');
    const ids = items.map((i) => Number(/\/emplois\/(\d+)$/.exec(text(i, 'guid'))?.[1]));
    expect(ids.sort()).to.deep.equal([douala, douala2].sort());
  });

  it('a repeated request with If-None-Match gets 304; publishing a new offer changes the ETag', async () => {
    const word = uniqueWord('etag');
    await createOffre(recruteur, { titre: `Magasinier ${word}` });
    const url = `/v1/api/public/feeds/offres.rss?q=${word}`;
    const first = await agent().get(url).expect(200);
    expect(first.headers['cache-control']).to.equal('public, max-age=300');
    expect(first.headers['last-modified']).to.be.a('string');
    const again = await agent().get(url).set('If-None-Match', first.headers.etag).expect(304);
    expect(again.text ?? '').to.equal('');
    await agent().get(url).set('If-Modified-Since', first.headers['last-modified']).expect(304);
    await createOffre(recruteur, { titre: `Magasinier ${word} adjoint` });
    const changed = await agent().get(url).set('If-None-Match', first.headers.etag).expect(200);
    expect(changed.headers.etag).to.not.equal(first.headers.etag);
  });

  it('past SITEMAP_PAGE_SIZE offers the sitemap is an index of pages', async () => {
    const small = agent({ config: { sitemapPageSize: 3 } });
    const index = strictXml((await small.get('/v1/api/public/sitemaps/offres.xml').expect(200)).text);
    expect(index.name).to.equal('sitemapindex');
    const pages = childrenNamed(index, 'sitemap');
    expect(pages.length).to.be.greaterThan(1);
    expect(text(pages[0], 'loc')).to.match(/\/v1\/api\/public\/sitemaps\/offres-1\.xml$/);
    const page1 = strictXml((await small.get('/v1/api/public/sitemaps/offres-1.xml').expect(200)).text);
    expect(childrenNamed(page1, 'url')).to.have.length(3);
    await small.get(`/v1/api/public/sitemaps/offres-${pages.length + 1}.xml`).expect(404);
  });
  it('sitemaps list the offers’ pages with their French and English versions, the xhtml namespace declared', async () => {
    const id = await createOffre(recruteur, { titre: `Guichetier ${uniqueWord('lang')}` });
    const config = { frontendUrl: null, publicUrl: 'https://api.example.cm/x&#0;y' };
    const doc = (await agent({ config }).get('/v1/api/public/sitemaps/offres.xml').expect(200)).text;
    const links = namespacedElements(doc).filter((e) => e.name === 'xhtml:link');
    expect(links.length).to.be.greaterThan(0);
    expect(new Set(links.map((l) => l.uri))).to.deep.equal(new Set(['http://www.w3.org/1999/xhtml']));
    const url = childrenNamed(strictXml(doc), 'url').find((u) =>
      text(u, 'loc').startsWith(`${config.publicUrl}/emplois/${id}-`),
    );
    const loc = text(url!, 'loc');
    const alternates = childrenNamed(url!, 'xhtml:link').map((l) => [
      l.attributes.hreflang,
      l.attributes.href,
    ]);
    expect(alternates).to.deep.equal([
      ['fr', loc],
      ['en', `${loc}?lang=en`],
      ['x-default', loc],
    ]);
  });

  it('RSS: atom:link rel="self" is the feed’s address, the channel links to the list page, guids are unique permalinks', async () => {
    const word = uniqueWord('guid');
    for (let i = 0; i < 3; i++) await createOffre(recruteur, { titre: `Vendeur ${word} ${i}` });
    const path = `/v1/api/public/feeds/offres.rss?q=${word}&contractType=CDI`;
    const doc = (await agent(site).get(path).expect(200)).text;
    const atom = namespacedElements(doc).filter((e) => e.name === 'atom:link');
    expect(atom).to.deep.equal([{ name: 'atom:link', uri: ATOM_NS }]);
    const channel = childNamed(strictXml(doc), 'channel');
    expect(childNamed(channel, 'atom:link').attributes).to.deep.equal({
      href: `${PUBLIC_URL}${path}`,
      rel: 'self',
      type: 'application/rss+xml',
    });
    expect(text(channel, 'link')).to.equal(`${PUBLIC_URL}/emplois`);
    const items = childrenNamed(channel, 'item');
    expect(items).to.have.length(3);
    const guids = items.map((i) => childNamed(i, 'guid'));
    expect(guids.map((g) => g.attributes.isPermaLink)).to.deep.equal(['true', 'true', 'true']);
    expect(new Set(guids.map((g) => g.text)).size).to.equal(3);
    for (const item of items) {
      const guid = text(item, 'guid');
      expect(guid).to.match(new RegExp(`^${PUBLIC_URL}/emplois/\\d+$`));
      expect(text(item, 'link').startsWith(`${guid}-vendeur-${word}-`)).to.equal(true);
    }
    // The whole feed, many offers: still one guid each.
    const all = childrenNamed(
      childNamed(
        strictXml((await agent(site).get('/v1/api/public/feeds/offres.rss').expect(200)).text),
        'channel',
      ),
      'item',
    ).map((i) => text(i, 'guid'));
    expect(all.length).to.be.greaterThan(3);
    expect(new Set(all).size).to.equal(all.length);
  });

  it('RSS: each description gives the title, company, city, contract, salary, deadline, then the JSON-LD’s description', async () => {
    const word = uniqueWord('resume');
    const id = await createOffre(recruteur, {
      titre: `Magasinier ${word}`,
      contractType: 'CDD',
      salaireMin: 150000,
      salaireMax: 200000,
      deadline: '2099-06-30',
      remotePossible: true,
      villeSlug: 'douala',
    });
    const rss = strictXml(
      (await agent(site).get(`/v1/api/public/feeds/offres.rss?q=${word}`).expect(200)).text,
    );
    const item = childNamed(childNamed(rss, 'channel'), 'item');
    const html = htmlFragment(text(item, 'description'));
    expect(html.elements.filter((e) => !EMITTED.includes(e))).to.deep.equal([]);
    const entreprise = (
      await testDb()('entreprises').where({ id: recruteur.entrepriseId }).first('nomEntreprise')
    ).nomEntreprise as string;
    const { description } = await posting(id);
    expect(html.text).to.equal(
      [
        `Magasinier ${word}`,
        `Entreprise : ${entreprise}`,
        'Ville : Douala, Littoral',
        'Contrat : CDD',
        'Salaire : 150000 - 200000 XAF par mois',
        'Date limite : 30 juin 2099',
        'Télétravail possible',
        htmlFragment(description as string).text,
      ].join(''),
    );
  });

  it('Indeed’s feed: every job has each required element; requisitionid; remotetype for remote offers', async () => {
    const word = uniqueWord('indeed');
    const remote = await createOffre(recruteur, { titre: `Télévendeur ${word}`, remotePossible: true });
    const onSite = await createOffre(recruteur, { titre: `Livreur ${word}`, remotePossible: false });
    // No city and no place written: Indeed still gets a city (the country).
    const nowhere = await createOffre(recruteur, { titre: `Enquêteur ${word}`, villeSlug: 'nulle-part' });
    await testDb()('offres').where({ id: nowhere }).update({ villeId: null, localisation: null });
    const feed = strictXml((await agent(site).get('/v1/api/public/feeds/offres.xml').expect(200)).text);
    const jobs = childrenNamed(feed, 'job');
    expect(jobs.length).to.be.greaterThan(2);
    for (const job of jobs) {
      for (const name of INDEED_REQUIRED) expect(text(job, name), name).to.not.equal('');
      expect(text(job, 'requisitionid')).to.equal(text(job, 'referencenumber'));
      expect(new Date(text(job, 'date')).toISOString()).to.equal(text(job, 'date'));
      expect(text(job, 'url')).to.match(
        new RegExp(`^${PUBLIC_URL}/emplois/${text(job, 'referencenumber')}-`),
      );
      expect(text(job, 'country')).to.equal('CM');
    }
    expect(new Set(jobs.map((j) => text(j, 'referencenumber'))).size).to.equal(jobs.length);
    const byId = (id: number) => jobs.find((j) => text(j, 'referencenumber') === String(id))!;
    expect(text(byId(remote), 'remotetype')).to.equal('Hybrid remote');
    expect(childrenNamed(byId(onSite), 'remotetype')).to.deep.equal([]);
    expect(text(byId(nowhere), 'city')).to.equal('Cameroun');
  });

  it('feeds and JSON-LD in English (?lang=en or Accept-Language): labels, contract types, dates; their own ETag', async () => {
    const word = uniqueWord('english');
    const id = await createOffre(recruteur, {
      titre: `Storekeeper ${word}`,
      contractType: 'STAGE',
      deadline: '2099-06-30',
      remotePossible: true,
    });
    const rssPath = `/v1/api/public/feeds/offres.rss?q=${word}`;
    const fr = await agent(site).get(rssPath).expect(200);
    const en = await agent(site).get(rssPath).set('Accept-Language', 'en-GB,en;q=0.9').expect(200);
    const byQuery = await agent(site).get(`${rssPath}&lang=en`).expect(200);
    expect(en.text).to.equal(byQuery.text);
    expect([fr.headers['content-language'], en.headers['content-language']]).to.deep.equal(['fr', 'en']);
    expect(byQuery.headers['content-language']).to.equal('en');
    expect(en.headers.vary).to.match(/Accept-Language/i);
    expect(en.headers.etag).to.not.equal(fr.headers.etag);
    const channel = childNamed(strictXml(en.text), 'channel');
    expect(text(channel, 'language')).to.equal('en');
    expect(text(channel, 'link')).to.equal(`${PUBLIC_URL}/emplois?lang=en`);
    expect(childNamed(channel, 'atom:link').attributes.href).to.equal(`${PUBLIC_URL}${rssPath}&lang=en`);
    const item = childNamed(channel, 'item');
    expect(text(item, 'guid')).to.equal(`${PUBLIC_URL}/emplois/${id}?lang=en`);
    const description = htmlFragment(text(item, 'description')).text;
    for (const part of [
      'Contract: Internship',
      'Apply by: 30 June 2099',
      'Remote work possible',
      'Department: Finance',
      'Experience: 3 ans',
      'Skills:',
    ])
      expect(description).to.contain(part);
    expect(description).to.not.match(/Contrat|Date limite|Département/);
    await agent(site)
      .get(rssPath)
      .set('Accept-Language', 'en')
      .set('If-None-Match', en.headers.etag)
      .expect(304);
    await agent(site)
      .get(rssPath)
      .set('Accept-Language', 'en')
      .set('If-None-Match', fr.headers.etag)
      .expect(200);

    const xmlPath = `/v1/api/public/feeds/offres.xml?q=${word}`;
    const xmlFr = await agent(site).get(xmlPath).expect(200);
    const xmlEn = await agent(site).get(`${xmlPath}&lang=en`).expect(200);
    expect(xmlEn.headers.etag).to.not.equal(xmlFr.headers.etag);
    const job = childNamed(strictXml(xmlEn.text), 'job');
    expect(text(job, 'salary')).to.equal('300000 - 500000 XAF per month');
    expect(text(job, 'url')).to.match(/\?lang=en$/);
    expect(text(job, 'description')).to.contain(
      'Department: Finance\n\nExperience: 3 ans\n\nSkills:\n- Communication',
    );
    expect(text(childNamed(strictXml(xmlFr.text), 'job'), 'salary')).to.equal('300000 - 500000 XAF par mois');

    const ldPath = `/v1/api/public/offres/${id}/jobposting`;
    const ldFr = await agent(site).get(ldPath).expect(200);
    const ldEn = await agent(site).get(ldPath).set('Accept-Language', 'en').expect(200);
    expect(ldEn.headers['content-language']).to.equal('en');
    expect(ldEn.headers.etag).to.not.equal(ldFr.headers.etag);
    const postingEn = JSON.parse(ldEn.text) as Record<string, unknown>;
    expect(validPosting(postingEn), JSON.stringify(validPosting.errors)).to.equal(true);
    expect(postingEn.description).to.contain('<p>Department: Finance</p>');
    expect(postingEn.applicantLocationRequirements).to.deep.equal({ '@type': 'Country', name: 'Cameroon' });
    expect(postingEn.url).to.equal(`${PUBLIC_URL}/emplois/${id}-storekeeper-${word}?lang=en`);
    expect((JSON.parse(ldFr.text) as { url: string }).url).to.equal(
      `${PUBLIC_URL}/emplois/${id}-storekeeper-${word}`,
    );
    await agent(site).get(`${ldPath}?lang=en`).set('If-None-Match', ldEn.headers.etag).expect(304);
  });

  it('with FRONTEND_URL, feeds and JSON-LD point to the frontend’s offer pages', async () => {
    const word = uniqueWord('front');
    const id = await createOffre(recruteur, { titre: `Plombier ${word}` });
    const front = { config: { publicUrl: PUBLIC_URL, frontendUrl: 'https://emploi.example.cm' } };
    const channel = childNamed(
      strictXml((await agent(front).get(`/v1/api/public/feeds/offres.rss?q=${word}`).expect(200)).text),
      'channel',
    );
    expect(text(channel, 'link')).to.equal('https://emploi.example.cm/offres');
    const item = childNamed(channel, 'item');
    expect([text(item, 'link'), text(item, 'guid')]).to.deep.equal([
      `https://emploi.example.cm/offres/${id}`,
      `https://emploi.example.cm/offres/${id}`,
    ]);
    const job = childNamed(
      strictXml((await agent(front).get(`/v1/api/public/feeds/offres.xml?q=${word}`).expect(200)).text),
      'job',
    );
    expect(text(job, 'url')).to.equal(`https://emploi.example.cm/offres/${id}`);
    const ld = JSON.parse(
      (await agent(front).get(`/v1/api/public/offres/${id}/jobposting`).expect(200)).text,
    );
    expect((ld as { url: string }).url).to.equal(`https://emploi.example.cm/offres/${id}`);
  });
});
