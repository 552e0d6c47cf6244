/**
 * The search semantics, one rule a test, each on French job-ad text where that rule decides the
 * result: elisions, plural and feminine forms, technical tokens, synonyms (and their admin
 * routes), typos, ranking tiers and ties, exact totals. Each test searches inside its own sector.
 */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { createAdmin, createCandidat, createOffre } from '../helpers/factories.ts';
import { newSecteur, recruteurWithPlan, uniqueWord } from '../helpers/offre-factories.ts';

interface Hit {
  id: number;
  titre: string;
  relevanceScore: number;
}
type Page = { content: Hit[]; page: { totalElements: number; totalPages: number } };

async function corpus() {
  const secteurId = await newSecteur();
  const r = await recruteurWithPlan('ENTREPRISE', { secteurActiviteId: secteurId });
  const ids = async (q: string, extra = '') => (await page(q, extra)).content.map((h) => h.id);
  const page = async (q: string, extra = '') =>
    (
      await agent()
        .get(`/v1/api/offres/search?secteurId=${secteurId}&q=${encodeURIComponent(q)}${extra}`)
        .expect(200)
    ).body as Page;
  const offre = (titre: string, more: Parameters<typeof createOffre>[1] = {}) =>
    createOffre(r, { titre, description: 'Poste basé à Douala', competences: ['Rigueur'], ...more });
  return { ids, page, offre };
}

describe('Search semantics', () => {
  it('strips French elisions: "l\'ingénieur" finds "Ingénieur", "affaires" finds "d\'affaires"', async () => {
    const { ids, offre } = await corpus();
    const ing = await offre('Ingénieur électricien', { description: "Apporteur d'affaires bienvenu" });
    const other = await offre('Électricien bâtiment');
    expect(await ids("l'ingénieur")).to.deep.equal([ing]);
    expect(await ids('l’ingénieur')).to.deep.equal([ing]);
    expect(await ids('affaires')).to.deep.equal([ing]);
    expect(await ids('électricien')).to.have.members([ing, other]);
  });

  it('matches plural and feminine forms with their base word', async () => {
    const { ids, offre } = await corpus();
    const dev = await offre('Développeur backend');
    const devF = await offre('Développeuse mobile');
    const com = await offre('Commerciale terrain');
    const compta = await offre('Comptables confirmés');
    expect(await ids('développeurs')).to.have.members([dev, devF]);
    expect(await ids('développeuse')).to.have.members([dev, devF]);
    expect(await ids('commerciaux')).to.deep.equal([com]);
    expect(await ids('comptable')).to.deep.equal([compta]);
  });

  it('finds the trade for the word of its field: "comptabilité" finds "Comptable", "gardiennage" "Gardien"', async () => {
    const { ids, offre } = await corpus();
    const compta = await offre('Comptable principal');
    const gardien = await offre('Gardien de nuit');
    const chef = await offre('Chef de cuisine');
    const cuisinier = await offre('Cuisinière');
    await offre('Équipier polyvalent');
    expect(await ids('comptabilité')).to.deep.equal([compta]);
    expect(await ids('gardiennage')).to.deep.equal([gardien]);
    // The word as typed first, then who practises it.
    expect(await ids('cuisine')).to.deep.equal([chef, cuisinier]);
    expect(await ids('cuisinier')).to.deep.equal([cuisinier, chef]);
    // "équipe" names no trade: it does not find "Équipier".
    expect(await ids('équipe')).to.deep.equal([]);
  });

  it('keeps technical tokens whole: C++ is not C#, nor C', async () => {
    const { ids, offre } = await corpus();
    const cpp = await offre('Développeur C++ embarqué');
    const csharp = await offre('Développeur C# .NET');
    const node = await offre('Développeur Node.js', { competences: ['SAP', 'BTP'] });
    const langC = await offre('Développeur C temps réel');
    expect(await ids('C++')).to.deep.equal([cpp]);
    expect(await ids('c#')).to.deep.equal([csharp]);
    expect(await ids('.NET')).to.deep.equal([csharp]);
    expect(await ids('node.js')).to.deep.equal([node]);
    expect(await ids('SAP BTP')).to.deep.equal([node]);
    expect(await ids('C')).to.deep.equal([langC]);
  });

  it('uses the synonym groups: "dev" finds "Développeur", "ressources humaines" finds "RH"', async () => {
    const { ids, offre } = await corpus();
    const dev = await offre('Développeur PHP');
    const rh = await offre('Chargé RH');
    const compta = await offre('Comptable fournisseurs');
    expect(await ids('dev')).to.deep.equal([dev]);
    expect(await ids('programmeurs')).to.deep.equal([dev]);
    expect(await ids('ressources humaines')).to.deep.equal([rh]);
    expect(await ids('compta')).to.deep.equal([compta]);
  });

  it('manages synonyms through the admin routes, validated, used at once by this instance', async () => {
    const { ids, offre } = await corpus();
    const [a, b] = [uniqueWord('ali'), uniqueWord('bet')];
    const target = await offre(`Agent ${a}`);
    expect(await ids(b)).to.deep.equal([]);
    const admin = await createAdmin();
    const created = await agent()
      .post('/v1/api/admin/search/synonyms')
      .set(admin.auth)
      .send({ terms: [a, b] })
      .expect(200);
    const group = created.body.data as { id: number; terms: string[] };
    expect(group.terms).to.deep.equal([a, b]);
    const list = await agent().get('/v1/api/admin/search/synonyms').set(admin.auth).expect(200);
    expect((list.body.data as { id: number }[]).map((g) => g.id)).to.include(group.id);
    expect(await ids(b)).to.deep.equal([target]);
    await agent().delete(`/v1/api/admin/search/synonyms/${group.id}`).set(admin.auth).expect(200);
    expect(await ids(b)).to.deep.equal([]);
    await agent().delete(`/v1/api/admin/search/synonyms/${group.id}`).set(admin.auth).expect(404);
    for (const terms of [
      ['seul'],
      Array.from({ length: 21 }, (_, i) => `terme${i}`),
      ['Comptable', 'comptable'],
      ['a', ''],
    ]) {
      const res = await agent()
        .post('/v1/api/admin/search/synonyms')
        .set(admin.auth)
        .send({ terms })
        .expect(400);
      expect(res.body.error.code).to.equal('VALIDATION_ERROR');
    }
    const candidat = await createCandidat();
    await agent().get('/v1/api/admin/search/synonyms').set(candidat.auth).expect(403);
  });

  it('tolerates typos by length, never on the first letter nor under 5 letters', async () => {
    const { ids, offre } = await corpus();
    const dev = await offre('Développeur Java');
    const agentOffre = await offre("Agent d'entretien");
    const ing = await offre('Ingénieure environnement');
    expect(await ids('devloppeur')).to.deep.equal([dev]); // 10 letters: 2 edits allowed
    expect(await ids('agant')).to.deep.equal([agentOffre]); // 5 letters: 1 edit
    expect(await ids('agnat')).to.deep.equal([]); // 5 letters, 2 edits
    expect(await ids('jvaa')).to.deep.equal([]); // 4 letters: none
    expect(await ids('eveloppeur')).to.deep.equal([]); // first letter
    expect(await ids('ingneieur')).to.deep.equal([ing]); // 9 letters: transposition + deletion
  });

  it('ranks the word in any form above a typo, the form as typed breaking ties, then newest first', async () => {
    const { page, offre } = await corpus();
    const t0 = Date.UTC(2026, 9, 1);
    // A word of its own: one that many offers of the database hold as typed is not read with typos.
    const w = uniqueWord('comptab');
    const misspelt = `${w.slice(0, -1)}${w.endsWith('z') ? 'y' : 'z'}`;
    const typo = await offre(misspelt, { publishedAt: new Date(t0 + 3000) });
    const stemmed = await offre(`${w}s`, { publishedAt: new Date(t0 + 2000) });
    const older = await offre(w, { publishedAt: new Date(t0) });
    const newer = await offre(w, { publishedAt: new Date(t0 + 1000) });
    const res = await page(w);
    expect(res.content.map((h) => h.id)).to.deep.equal([newer, older, stemmed, typo]);
    const [exact, older2, stem, tpo] = res.content.map((h) => h.relevanceScore);
    // A plural or feminine form is the same word: same score; the form as typed only breaks the tie.
    expect(stem).to.equal(exact);
    expect(older2).to.equal(exact);
    expect(tpo).to.be.lessThan(stem);
    expect(tpo).to.be.greaterThan(0);
  });

  it('gives exact totals, whatever the page', async () => {
    const { page, offre } = await corpus();
    const w = uniqueWord('tot');
    for (let i = 0; i < 7; i++) await offre(`Technicien ${w}`);
    const first = await page(w, '&size=3');
    const last = await page(w, '&size=3&page=2');
    expect(first.page).to.include({ totalElements: 7, totalPages: 3 });
    expect(last.content).to.have.length(1);
    expect(last.page.totalElements).to.equal(7);
  });
});
