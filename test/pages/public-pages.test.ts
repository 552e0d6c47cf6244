/**
 * The public pages served without FRONTEND_URL (api/pages/): the offer page (canonical address and
 * its redirects, headers, 304, French and English, escaping, closed offers with noindex, 404), its
 * Open Graph tags read back by open-graph-scraper, its JSON-LD read by parse5 and expanded by
 * jsonld, its share image, the company page, the list page with the search filters and pages, and
 * the redirects to the frontend when FRONTEND_URL is set.
 */
import { expect } from 'chai';
import ogs from 'open-graph-scraper';
import jsonld from 'jsonld';
import sharp from 'sharp';
import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes as Html } from 'parse5';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createOffre, createRecruteur, type TestRecruteur } from '../helpers/factories.ts';
import { uniqueWord } from '../helpers/offre-factories.ts';
import { scriptsOf } from '../helpers/strict-xml.ts';
import { visibleText } from '../helpers/html-forms.ts';
import { PAGE_CSP } from '../../api/pages/send-page.ts';

const HOSTILE = '</script><img src=x onerror=alert(1)>';
const pages = () => agent({ config: { frontendUrl: null } });

/** Every element of a parsed document, depth first. */
function elementsOf(html: string): Html.Element[] {
  const found: Html.Element[] = [];
  const walk = (node: Html.ParentNode) => {
    for (const child of node.childNodes)
      if ('tagName' in child) {
        found.push(child);
        walk(child);
      }
  };
  walk(parse(html));
  return found;
}
const attr = (el: Html.Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
const metaNamed = (html: string, name: string) =>
  elementsOf(html).find((e) => e.tagName === 'meta' && attr(e, 'name') === name);

/** The offer's canonical path, read from the 301 of `/emplois/{id}`. */
async function canonicalPath(id: number): Promise<string> {
  const res = await pages().get(`/emplois/${id}`).expect(301);
  return res.headers.location as string;
}

/**
 * schema.org's context maps every term under `https://schema.org/` (`@vocab`); tests run without
 * network, so the loader answers that context itself and refuses any other document.
 */
const schemaOrgLoader = async (url: string) => {
  if (!/^https?:\/\/schema\.org\/?$/.test(url)) throw new Error(`no network in tests: ${url}`);
  return {
    contextUrl: undefined,
    documentUrl: url,
    document: { '@context': { '@vocab': 'https://schema.org/' } },
  };
};

describe('Pages: offer, company and list pages (no FRONTEND_URL)', function () {
  this.timeout(60_000);
  let recruteur: TestRecruteur;

  before(async () => {
    recruteur = await createRecruteur();
  });

  describe('offer page', () => {
    it('answers 301 from /emplois/{id} and from a wrong slug to /emplois/{id}-{slug}, keeping the language', async () => {
      const id = await createOffre(recruteur, { titre: 'Comptable senior (H/F) à Douala' });
      expect(await canonicalPath(id)).to.equal(`/emplois/${id}-comptable-senior-h-f-a-douala`);
      const wrong = await pages().get(`/emplois/${id}-ancien-titre?lang=en`).expect(301);
      expect(wrong.headers.location).to.equal(`/emplois/${id}-comptable-senior-h-f-a-douala?lang=en`);
      await pages().get(`/emplois/${id}-comptable-senior-h-f-a-douala`).expect(200);
    });

    it('shows the offer with its facts, canonical, hreflang alternates, strict CSP and conditional headers', async () => {
      const id = await createOffre(recruteur, {
        titre: 'Chef de projet digital',
        salaireMin: 450000,
        salaireMax: 800000,
        deadline: '2099-06-30',
        competences: ['Scrum', 'Jira'],
        description: 'Vous piloterez nos projets web.',
      });
      const path = await canonicalPath(id);
      const res = await pages().get(path).expect(200);
      expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
      expect(res.headers['content-language']).to.equal('fr');
      expect(res.headers.vary).to.contain('Accept-Language');
      expect(res.headers['content-security-policy']).to.equal(PAGE_CSP);
      expect(res.headers['last-modified']).to.be.a('string');
      const text = visibleText(res.text);
      expect(text).to.contain('Chef de projet digital');
      expect(text).to.contain('450 000 FCFA – 800 000 FCFA par mois');
      // An amount never wraps inside it.
      expect(res.text).to.contain('450\u00a0000\u00a0FCFA – 800\u00a0000\u00a0FCFA par mois');
      expect(text).to.contain('30 juin 2099');
      expect(text).to.contain('Scrum').and.contain('Jira').and.contain('Vous piloterez nos projets web.');
      expect(text).to.contain('Postuler');
      const links = elementsOf(res.text).filter((e) => e.tagName === 'link');
      expect(links.find((l) => attr(l, 'rel') === 'canonical')?.attrs).to.deep.include({
        name: 'href',
        value: `http://localhost:3000${path}`,
      });
      const alternates = links
        .filter((l) => attr(l, 'rel') === 'alternate')
        .map((l) => [attr(l, 'hreflang'), attr(l, 'href')]);
      expect(alternates).to.deep.equal([
        ['fr', `http://localhost:3000${path}`],
        ['en', `http://localhost:3000${path}?lang=en`],
        ['x-default', `http://localhost:3000${path}`],
      ]);
      expect(metaNamed(res.text, 'robots')).to.equal(undefined);

      const again = await pages()
        .get(path)
        .set('If-None-Match', res.headers.etag as string)
        .expect(304);
      expect(again.text).to.equal('');
      await pages()
        .get(path)
        .set('If-Modified-Since', res.headers['last-modified'] as string)
        .expect(304);
    });

    it('speaks English with ?lang=en or Accept-Language: en, with its own ETag', async () => {
      const id = await createOffre(recruteur, {
        titre: 'Data analyst',
        contractType: 'STAGE',
        salaireMin: 150000,
        salaireMax: null,
      });
      const path = await canonicalPath(id);
      const fr = await pages().get(path).expect(200);
      for (const res of [
        await pages().get(`${path}?lang=en`).expect(200),
        await pages().get(path).set('Accept-Language', 'en-GB,en;q=0.9').expect(200),
      ]) {
        expect(res.headers['content-language']).to.equal('en');
        expect(elementsOf(res.text).find((e) => e.tagName === 'html')?.attrs).to.deep.include({
          name: 'lang',
          value: 'en',
        });
        const text = visibleText(res.text);
        expect(text)
          .to.contain('Internship')
          .and.contain('from FCFA 150,000 a month')
          .and.contain('How to apply');
        expect(res.headers.etag).to.not.equal(fr.headers.etag);
      }
      expect(visibleText(fr.text)).to.contain('Stage').and.contain('à partir de 150 000 FCFA par mois');
    });

    it(`renders a title like ${HOSTILE} as text, in the page, the meta tags and the JSON-LD`, async () => {
      const id = await createOffre(recruteur, {
        titre: `Développeur ${HOSTILE}`,
        description: `<b>gras</b> ${HOSTILE}`,
      });
      const res = await pages()
        .get(await canonicalPath(id))
        .expect(200);
      const elements = elementsOf(res.text);
      expect(elements.filter((e) => e.tagName === 'img')).to.deep.equal([]);
      expect(elements.filter((e) => e.tagName === 'b')).to.deep.equal([]);
      expect(elements.filter((e) => e.tagName === 'script').map((s) => attr(s, 'type'))).to.deep.equal([
        'application/ld+json',
      ]);
      const h1 = elements.find((e) => e.tagName === 'h1')!;
      expect(h1.childNodes.map((c) => (c as Html.TextNode).value).join('')).to.equal(
        `Développeur ${HOSTILE}`,
      );
      const [ld] = scriptsOf(res.text);
      expect(JSON.parse(ld!.text).title).to.equal(`Développeur ${HOSTILE}`);
      const { result } = await ogs({ html: res.text });
      expect(result.ogTitle).to.contain(`Développeur ${HOSTILE}`);
    });

    it('has Open Graph and Twitter card tags that open-graph-scraper reads back, with a 1200x630 share image', async () => {
      const id = await createOffre(recruteur, {
        titre: 'Infirmier diplômé d’État',
        description: 'Service de nuit.',
      });
      const path = await canonicalPath(id);
      const res = await pages().get(path).expect(200);
      const { error, result } = await ogs({ html: res.text });
      expect(error).to.equal(false);
      const entreprise = (await testDb()('entreprises')
        .where({ id: recruteur.entrepriseId })
        .first('nomEntreprise')) as {
        nomEntreprise: string;
      };
      expect(result.ogTitle).to.equal(`Infirmier diplômé d’État chez ${entreprise.nomEntreprise}`);
      expect(result.ogDescription).to.contain('Service de nuit.');
      expect(result.ogUrl).to.equal(`http://localhost:3000${path}`);
      expect(result.ogType).to.equal('website');
      expect(result.twitterCard).to.equal('summary_large_image');
      const [image] = result.ogImage ?? [];
      expect(image?.width).to.equal('1200');
      expect(image?.height).to.equal('630');
      const imageUrl = new URL(image!.url);
      expect(imageUrl.pathname).to.equal(`/emplois/${id}/share.png`);

      const png = await pages()
        .get(`${imageUrl.pathname}${imageUrl.search}`)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(png.headers['content-type']).to.equal('image/png');
      const meta = await sharp(png.body as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).to.deep.equal(['png', 1200, 630]);
      await pages()
        .get(imageUrl.pathname)
        .set('If-None-Match', png.headers.etag as string)
        .expect(304);
    });

    it('takes the company’s logo as the preview image when it has one, shown from this origin', async () => {
      const [entrepriseId] = await testDb()('entreprises').insert({
        nomEntreprise: `Logo ${uniqueWord()}`,
        plan: 'ENTREPRISE',
      });
      const [fileId] = await testDb()('files').insert({
        purpose: 'LOGO',
        storageKey: `test/logo-${uniqueWord()}.png`,
        contentType: 'image/png',
        size: 1,
      });
      await testDb()('entreprises').where({ id: entrepriseId }).update({ logoFileId: fileId });
      const owner = await createRecruteur({ entrepriseId });
      const id = await createOffre(owner, { titre: 'Caissier' });
      const res = await pages()
        .get(await canonicalPath(id))
        .expect(200);
      const { result } = await ogs({ html: res.text });
      expect(result.ogImage?.[0]?.url).to.equal(`http://localhost:3000/v1/api/files/${fileId}`);
      expect(result.twitterCard).to.equal('summary');
      const logo = elementsOf(res.text).find((e) => e.tagName === 'img');
      expect(attr(logo!, 'src')).to.equal(`/v1/api/files/${fileId}`);
    });

    it('embeds a JSON-LD JobPosting that parse5 finds and jsonld expands', async () => {
      const id = await createOffre(recruteur, { titre: 'Technicien réseaux', deadline: '2099-01-15' });
      const path = await canonicalPath(id);
      const res = await pages().get(path).expect(200);
      const blocks = scriptsOf(res.text).filter((s) => s.type === 'application/ld+json');
      expect(blocks).to.have.length(1);
      const expanded = (await jsonld.expand(JSON.parse(blocks[0]!.text), {
        documentLoader: schemaOrgLoader as unknown as jsonld.Options.DocLoader['documentLoader'],
      })) as Record<string, unknown>[];
      expect(expanded).to.have.length(1);
      expect(expanded[0]!['@type']).to.deep.equal(['https://schema.org/JobPosting']);
      expect(expanded[0]!['https://schema.org/title']).to.deep.equal([{ '@value': 'Technicien réseaux' }]);
      expect(expanded[0]!['https://schema.org/url']).to.deep.equal([
        { '@value': `http://localhost:3000${path}` },
      ]);
      expect(expanded[0]!['https://schema.org/validThrough']).to.deep.equal([
        { '@value': '2099-01-15T23:59:59+01:00' },
      ]);
    });

    it('says a closed offer is closed, with noindex and no JSON-LD; archived and past-deadline alike', async () => {
      const archived = await createOffre(recruteur, { titre: 'Offre archivée', status: 'ARCHIVED' });
      const expired = await createOffre(recruteur, { titre: 'Offre expirée', deadline: '2020-01-31' });
      for (const id of [archived, expired]) {
        const res = await pages()
          .get(await canonicalPath(id))
          .expect(200);
        expect(metaNamed(res.text, 'robots') && attr(metaNamed(res.text, 'robots')!, 'content')).to.equal(
          'noindex',
        );
        expect(visibleText(res.text)).to.contain('Cette offre est fermée');
        expect(scriptsOf(res.text)).to.deep.equal([]);
      }
    });

    it('answers an HTML 404 page for an unknown id, a draft, and an address that is not an offer', async () => {
      const draft = await createOffre(recruteur, { titre: 'Brouillon', status: 'DRAFT' });
      for (const path of [
        `/emplois/${draft}`,
        '/emplois/999999999',
        '/emplois/abc',
        `/emplois/${draft}/share.png`,
      ]) {
        const res = await pages().get(path).expect(404);
        expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
        expect(visibleText(res.text)).to.contain('Page introuvable');
        expect(attr(metaNamed(res.text, 'robots')!, 'content')).to.equal('noindex');
      }
    });
  });

  describe('company page', () => {
    it('shows the company and its open offers only, at /entreprises/{id}-{slug}', async () => {
      const nom = `Brasseries ${uniqueWord()}`;
      const [entrepriseId] = await testDb()('entreprises').insert({
        nomEntreprise: nom,
        plan: 'ENTREPRISE',
        description: 'Boissons du Cameroun',
      });
      const owner = await createRecruteur({ entrepriseId });
      await createOffre(owner, { titre: 'Chef de ligne' });
      await createOffre(owner, { titre: 'Poste archivé', status: 'ARCHIVED' });
      const first = await pages().get(`/entreprises/${entrepriseId}`).expect(301);
      expect(first.headers.location).to.match(new RegExp(`^/entreprises/${entrepriseId}-brasseries-`));
      const res = await pages()
        .get(first.headers.location as string)
        .expect(200);
      const text = visibleText(res.text);
      expect(text).to.contain(nom).and.contain('Boissons du Cameroun').and.contain('Chef de ligne');
      expect(text).to.not.contain('Poste archivé');
      const offerLink = elementsOf(res.text).find(
        (e) => e.tagName === 'a' && attr(e, 'href')?.startsWith('/emplois/'),
      );
      await pages().get(attr(offerLink!, 'href')!).expect(200);
      await pages().get('/entreprises/999999999').expect(404);
    });
  });

  describe('list page', () => {
    it('lists the newest offers, filtered like the search, 20 a page with next and previous links', async () => {
      const word = uniqueWord();
      for (let i = 0; i < 21; i++)
        await createOffre(recruteur, {
          titre: `Commercial ${word} ${i}`,
          contractType: i % 2 ? 'CDD' : 'CDI',
        });
      await createOffre(recruteur, {
        titre: `Commercial ${word} Yaoundé`,
        villeSlug: 'yaounde',
        contractType: 'STAGE',
      });
      const first = await pages().get('/emplois').query({ q: word }).expect(200);
      expect(visibleText(first.text)).to.contain('22 offres');
      const list = elementsOf(first.text).find((e) => e.tagName === 'ol' && attr(e, 'class') === 'offres');
      expect(list!.childNodes.filter((c) => 'tagName' in c && c.tagName === 'li')).to.have.length(20);
      const next = elementsOf(first.text).find((e) => e.tagName === 'a' && attr(e, 'rel') === 'next');
      expect(attr(next!, 'href')).to.equal(`/emplois?q=${word}&page=2`);
      const second = await pages().get(attr(next!, 'href')!).expect(200);
      expect(visibleText(second.text)).to.contain('Page 2 sur 2');
      expect(
        elementsOf(second.text).find((e) => e.tagName === 'a' && attr(e, 'rel') === 'prev'),
      ).to.not.equal(undefined);

      const stage = await pages().get('/emplois').query({ q: word, contrat: 'STAGE' }).expect(200);
      expect(visibleText(stage.text)).to.contain('1 offre').and.contain(`Commercial ${word} Yaoundé`);
      const yaounde = await pages().get('/emplois').query({ q: word, ville: 'yaounde' }).expect(200);
      expect(visibleText(yaounde.text)).to.contain('1 offre');
      const cdd = await pages()
        .get('/emplois')
        .query({ q: word, contrat: 'CDD', fbclid: 'x', utm_source: 'whatsapp' })
        .expect(200);
      expect(visibleText(cdd.text)).to.contain('10 offres');
      expect(attr(metaNamed(cdd.text, 'robots')!, 'content')).to.equal('noindex');
      const plain = await pages().get('/emplois').expect(200);
      expect(metaNamed(plain.text, 'robots')).to.equal(undefined);
    });

    it('keeps a hostile search text as the value of the search field', async () => {
      const res = await pages().get('/emplois').query({ q: `"><img src=x onerror=alert(1)>` }).expect(200);
      const input = elementsOf(res.text).find((e) => e.tagName === 'input' && attr(e, 'name') === 'q');
      expect(attr(input!, 'value')).to.equal(`"><img src=x onerror=alert(1)>`);
      expect(elementsOf(res.text).filter((e) => e.tagName === 'img')).to.deep.equal([]);
    });
  });

  describe('with FRONTEND_URL', () => {
    it('sends people to the frontend: 301 for an offer or a company, 302 for the list and emailed links', async () => {
      const front = agent({ config: { frontendUrl: 'https://emploi.example.cm' } });
      const id = await createOffre(recruteur, { titre: 'Vendeur' });
      const cases: [string, number, string][] = [
        [`/emplois/${id}-vendeur`, 301, `https://emploi.example.cm/offres/${id}`],
        [
          `/entreprises/${recruteur.entrepriseId}-x`,
          301,
          `https://emploi.example.cm/entreprises/${recruteur.entrepriseId}`,
        ],
        ['/emplois?q=vendeur', 302, 'https://emploi.example.cm/offres'],
        ['/email/validation?token=a%2Bb', 302, 'https://emploi.example.cm/validate-email?token=a%2Bb'],
        ['/alertes/confirmation?token=t', 302, 'https://emploi.example.cm/alertes/confirm?token=t'],
        ['/alertes/desinscription?token=t', 302, 'https://emploi.example.cm/alertes/unsubscribe?token=t'],
      ];
      for (const [path, status, location] of cases) {
        const res = await front.get(path).expect(status);
        expect(res.headers.location, path).to.equal(location);
      }
    });
  });
});
