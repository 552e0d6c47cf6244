/**
 * Reach: JSON-LD JobPosting checked against Google for Jobs' required and recommended properties
 * (a JSON schema written from Google's documentation), one test per mapping, and inlined in a page
 * read by an HTML5 parser; RSS, aggregator feed and sitemaps read by a strict XML parser with
 * hostile texts, their HTML descriptions by an HTML5 parser; filters; conditional GETs.
 */
import { expect } from 'chai';
import { Ajv } from 'ajv';
import type { JobPosting, WithContext } from 'schema-dts';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createOffre, createRecruiter, type TestRecruiter } from '../helpers/factories.ts';
import { uniqueWord } from '../helpers/offre-factories.ts';
import {
  childNamed,
  childrenNamed,
  htmlFragment,
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
/** Elements the feeds' HTML descriptions are built with (offre-description-html.ts). */
const EMITTED = ['p', 'br', 'ul', 'li'];

async function posting(id: number) {
  const res = await agent().get(`/v1/api/public/offres/${id}/jobposting`).expect(200);
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
  let recruiter: TestRecruiter;
  before(async () => {
    recruiter = await createRecruiter({ plan: 'ENTREPRISE' });
  });

  it('JobPosting passes Google’s required and recommended properties', async () => {
    const id = await createOffre(recruiter, {
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
      const id = await createOffre(recruiter, { contractType: contractType as keyof typeof expected });
      expect((await posting(id)).employmentType, contractType).to.equal(employmentType);
    }
  });

  it('a remote offer is TELECOMMUTE for applicants in Cameroon; an on-site one is not', async () => {
    const remote = await posting(await createOffre(recruiter, { remotePossible: true }));
    expect(remote.jobLocationType).to.equal('TELECOMMUTE');
    expect(remote.applicantLocationRequirements).to.deep.equal({ '@type': 'Country', name: 'Cameroun' });
    const onSite = await posting(await createOffre(recruiter, { remotePossible: false }));
    expect(onSite).to.not.have.property('jobLocationType');
  });

  it('a salary is a baseSalary in XAF per month; no salary, no baseSalary', async () => {
    const paid = await posting(await createOffre(recruiter, { salaireMin: 300000, salaireMax: 450000 }));
    expect(paid.baseSalary).to.deep.equal({
      '@type': 'MonetaryAmount',
      currency: 'XAF',
      value: { '@type': 'QuantitativeValue', minValue: 300000, maxValue: 450000, unitText: 'MONTH' },
    });
    const unpaid = await posting(await createOffre(recruiter, { salaireMin: null, salaireMax: null }));
    expect(unpaid).to.not.have.property('baseSalary');
  });

  it('validThrough is the end of the deadline day in Africa/Douala', async () => {
    const p = await posting(await createOffre(recruiter, { deadline: '2099-12-31' }));
    expect(p.validThrough).to.equal('2099-12-31T23:59:59+01:00');
    expect(new Date(p.validThrough as string).toISOString()).to.equal('2099-12-31T22:59:59.000Z');
  });

  it('a draft, an archived or an expired offer is in no feed, no sitemap and no JSON-LD (404)', async () => {
    const word = uniqueWord('cache');
    const hidden = [
      await createOffre(recruiter, { titre: `Draft ${word}`, status: 'DRAFT' }),
      await createOffre(recruiter, { titre: `Archived ${word}`, status: 'ARCHIVED' }),
      await createOffre(recruiter, { titre: `Expired ${word}`, deadline: '2020-01-01' }),
    ];
    const visible = await createOffre(recruiter, { titre: `Visible ${word}` });
    for (const id of hidden) await agent().get(`/v1/api/public/offres/${id}/jobposting`).expect(404);
    const rss = (await agent().get(`/v1/api/public/feeds/offres.rss?q=${word}`).expect(200)).text;
    const xml = (await agent().get(`/v1/api/public/feeds/offres.xml?q=${word}`).expect(200)).text;
    const map = (await agent().get('/v1/api/public/sitemaps/offres.xml').expect(200)).text;
    for (const id of hidden) {
      expect(rss).to.not.contain(`<guid isPermaLink="false">${id}</guid>`);
      expect(xml).to.not.contain(`<![CDATA[${id}]]>`);
      expect(map).to.not.match(new RegExp(`/offres/${id}<`));
    }
    expect(rss).to.contain(`<guid isPermaLink="false">${visible}</guid>`);
    expect(map).to.match(new RegExp(`/offres/${visible}<`));
  });

  /** A published offer with hostile texts, written straight to the database as an older row could hold them. */
  async function hostileOffre(word: string): Promise<number> {
    const id = await createOffre(recruiter, {
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
    const rss = strictXml((await agent().get(`/v1/api/public/feeds/offres.rss?q=${word}`).expect(200)).text);
    const [item, ...others] = childrenNamed(childNamed(rss, 'channel'), 'item');
    expect(others).to.deep.equal([]);
    expect(text(item, 'guid')).to.equal(String(id));
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
    expect(text(job, 'title')).to.equal(`Caissier ${word} ${HOSTILE_TEXT}`);
    expectSafeHtml(text(job, 'description'));
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
    const id = await createOffre(recruiter, {
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
    const douala = await createOffre(recruiter, { titre: `Comptable ${word}`, villeSlug: 'douala' });
    const douala2 = await createOffre(recruiter, { titre: `Comptables ${word}`, villeSlug: 'douala' });
    await createOffre(recruiter, { titre: `Comptable ${word}`, villeSlug: 'yaounde' });
    await createOffre(recruiter, { titre: `Chauffeur ${word}`, villeSlug: 'douala' });
    const villeId = (await testDb()('villes').where({ slug: 'douala' }).first('id')).id as number;
    const rss = strictXml(
      (
        await agent()
          .get(`/v1/api/public/feeds/offres.rss?q=comptable ${word}&villeId=${villeId}`)
          .expect(200)
      ).text,
    );
    const items = childrenNamed(childNamed(rss, 'channel'), 'item');
    expect(items.map((i) => Number(text(i, 'guid'))).sort()).to.deep.equal([douala, douala2].sort());
  });

  it('a repeated request with If-None-Match gets 304; publishing a new offer changes the ETag', async () => {
    const word = uniqueWord('etag');
    await createOffre(recruiter, { titre: `Magasinier ${word}` });
    const url = `/v1/api/public/feeds/offres.rss?q=${word}`;
    const first = await agent().get(url).expect(200);
    expect(first.headers['cache-control']).to.equal('public, max-age=300');
    expect(first.headers['last-modified']).to.be.a('string');
    const again = await agent().get(url).set('If-None-Match', first.headers.etag).expect(304);
    expect(again.text ?? '').to.equal('');
    await agent().get(url).set('If-Modified-Since', first.headers['last-modified']).expect(304);
    await createOffre(recruiter, { titre: `Magasinier ${word} adjoint` });
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
});
