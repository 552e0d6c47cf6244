import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { createOffre } from '../helpers/factories.ts';
import { OFFRE_KEYS, newSecteur, recruteurWithPlan, uniqueWord } from '../helpers/offre-factories.ts';

const api = () => agent();

interface Hit {
  id: number;
  titre: string;
  relevanceScore: number;
  matchedWords: number;
  queryWords: number;
}

/** Every test searches inside its own sector, so other tests' offers never get in the way. */
async function corpus() {
  const secteurId = await newSecteur();
  const r = await recruteurWithPlan('ENTREPRISE', {
    secteurActiviteId: secteurId,
    nom: `${uniqueWord('Groupe')} SA`,
  });
  const search = async (qs: string) => {
    const res = await api().get(`/v1/api/offres/search?secteurId=${secteurId}&${qs}`).expect(200);
    return res.body as { content: Hit[]; page: { totalElements: number } };
  };
  return { secteurId, r, search };
}

describe('Search: GET /offres/search (weighted full-text)', () => {
  it('ranks a title match above a skills match above a description match', async () => {
    const { r, search } = await corpus();
    const w = uniqueWord();
    const desc = await createOffre(r, {
      titre: 'Assistant administratif',
      description: `Notre équipe ${w} ${w} ${w} ${w} grandit`,
      competences: ['Word'],
    });
    const skill = await createOffre(r, { titre: 'Analyste financier', competences: ['Excel', w] });
    const title = await createOffre(r, { titre: `Ingénieur ${w}`, competences: ['Autocad'] });
    await createOffre(r, { titre: 'Chauffeur', description: 'sans rapport' });
    const res = await search(`q=${w}`);
    expect(res.content.map((h) => h.id)).to.deep.equal([title, skill, desc]);
    expect(res.page.totalElements).to.equal(3);
    const [t, s, d] = res.content.map((h) => h.relevanceScore);
    expect(t).to.be.a('number').greaterThan(s);
    expect(s).to.be.greaterThan(d);
    expect(d).to.be.greaterThan(0);
    expect(res.content[0]).to.have.all.keys(...OFFRE_KEYS, 'relevanceScore', 'matchedWords', 'queryWords');
    expect(res.content.map((h) => [h.matchedWords, h.queryWords])).to.deep.equal([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
  });

  it('adds up fields: a word in title and skills beats title alone', async () => {
    const { r, search } = await corpus();
    const w = uniqueWord();
    const titleOnly = await createOffre(r, { titre: `Technicien ${w}` });
    const both = await createOffre(r, { titre: `Responsable ${w}`, competences: [w] });
    const res = await search(`q=${w}`);
    expect(res.content.map((h) => h.id)).to.deep.equal([both, titleOnly]);
  });

  it('ranks offers matching every word first, then partial matches, ignoring accents and case', async () => {
    const { r, search } = await corpus();
    const w = uniqueWord();
    const dev = await createOffre(r, { titre: `Développeur ${w}`, competences: ['Réseaux'] });
    const compta = await createOffre(r, { titre: `Comptable ${w}` });
    const words = (res: { content: Hit[] }) => res.content.map((h) => [h.id, h.matchedWords, h.queryWords]);
    // Fewer than 50 offers match both words: the offer matching one of them follows, marked partial.
    expect(words(await search(`q=developpeur ${w}`))).to.deep.equal([
      [dev, 2, 2],
      [compta, 1, 2],
    ]);
    expect(
      words(await search(`q=${encodeURIComponent(`DÉVELOPPEUR ${w.toUpperCase()}`)}`)).map(([, m]) => m),
    ).to.deep.equal([2, 1]);
    expect(words(await search(`q=reseaux ${w}`))[0]).to.deep.equal([dev, 2, 2]);
    expect((await search(`q=${w}`)).content).to.have.length(2);
    // Sorted otherwise than by relevance, every word must match.
    expect(words(await search(`q=developpeur ${w}&sort=publishedAt,desc`))).to.deep.equal([[dev, 2, 2]]);
  });

  it('finds a plural by its singular (prefix of 5+ letters)', async () => {
    const { r, search } = await corpus();
    const w = uniqueWord();
    const id = await createOffre(r, { titre: `${w}s juniors` });
    expect((await search(`q=${w}`)).content.map((h) => h.id)).to.deep.equal([id]);
  });

  it('finds short words like RH and IT (below the FULLTEXT minimum) as whole words', async () => {
    const { r, search } = await corpus();
    const rh = await createOffre(r, { titre: 'Chargé RH', description: 'Gestion de la paie' });
    const it = await createOffre(r, { titre: 'Technicien support', competences: ['IT', 'Réseaux'] });
    await createOffre(r, { titre: 'Rhéologue', description: 'Laboratoire, recherche en rhétorique' });
    expect((await search('q=RH')).content.map((h) => h.id)).to.deep.equal([rh]);
    const itRes = await search('q=it');
    expect(itRes.content.map((h) => h.id)).to.deep.equal([it]);
    expect(itRes.content[0].relevanceScore).to.be.greaterThan(0);
    expect((await search('q=rh paie')).content.map((h) => [h.id, h.matchedWords])).to.deep.equal([[rh, 2]]);
    // No offer has both: each of them matches one word of two.
    const partial = (await search('q=rh reseaux')).content;
    expect(partial.map((h) => h.id)).to.have.members([rh, it]);
    expect(partial.map((h) => h.matchedWords)).to.deep.equal([1, 1]);
  });

  it('a query of stop-words or symbols is an empty page, never an error', async () => {
    const { r, search } = await corpus();
    await createOffre(r, { titre: 'Le poste de la semaine' });
    for (const q of ['le la les de', 'the of and', '+-"*@()<>~', '***', '"', '   ']) {
      const res = await api()
        .get(`/v1/api/offres/search?q=${encodeURIComponent(q)}`)
        .expect(200);
      if (q.trim()) {
        expect(res.body.content, q).to.deep.equal([]);
        expect(res.body.page.totalElements).to.equal(0);
      }
    }
    // Blank q lists everything (newest first), relevanceScore 0.
    const all = await search('q=');
    expect(all.content).to.have.length(1);
    expect(all.content[0].relevanceScore).to.equal(0);
  });

  it('boolean-mode operators typed by a user never cause a 500', async () => {
    const { r, search } = await corpus();
    const w = uniqueWord();
    const id = await createOffre(r, { titre: `Développeur C++ ${w}` });
    const nasty = [
      `+${w} -`,
      `"${w}`,
      `${w}*`,
      `@${w}`,
      `(${w}`,
      `${w})`,
      `<${w}>`,
      `~${w}`,
      `+-${w}**`,
      `${w}" @ (+)`,
      `c++ ${w}`,
    ];
    for (const q of nasty) {
      const res = await search(`q=${encodeURIComponent(q)}`);
      expect(
        res.content.map((h) => h.id),
        q,
      ).to.deep.equal([id]);
    }
    // Words are data: the offer matches one word of four (a partial match), and nothing breaks.
    const injected = await search(`q=${encodeURIComponent(`${w}'; DROP TABLE offres; --`)}`);
    expect(injected.content.map((h) => [h.id, h.matchedWords, h.queryWords])).to.deep.equal([[id, 1, 4]]);
    expect((await search(`q=${w}`)).content.map((h) => h.id)).to.deep.equal([id]);
  });

  it('combines search with filters and other sorts', async () => {
    const { r, search } = await corpus();
    const w = uniqueWord();
    const older = await createOffre(r, {
      titre: `${w} senior`,
      contractType: 'CDI',
      salaireMin: 100,
      salaireMax: 200,
      publishedAt: new Date('2031-01-01'),
    });
    const newer = await createOffre(r, {
      description: `poste ${w}`,
      contractType: 'CDD',
      salaireMin: 300,
      salaireMax: 400,
      publishedAt: new Date('2031-02-01'),
    });
    expect((await search(`q=${w}`)).content.map((h) => h.id)).to.deep.equal([older, newer]);
    expect((await search(`q=${w}&sort=publishedAt,desc`)).content.map((h) => h.id)).to.deep.equal([
      newer,
      older,
    ]);
    expect((await search(`q=${w}&contractType=CDD`)).content.map((h) => h.id)).to.deep.equal([newer]);
    expect((await search(`q=${w}&salaireMin=250`)).content.map((h) => h.id)).to.deep.equal([newer]);
    expect((await search(`q=${w}&salaireMax=250`)).content.map((h) => h.id)).to.deep.equal([older]);
    const page = await search(`q=${w}&size=1&page=1`);
    expect(page.content.map((h) => h.id)).to.deep.equal([newer]);
    expect(page.page.totalElements).to.equal(2);
    const pastTheEnd = await search(`q=${w}&size=1&page=7`);
    expect(pastTheEnd.content).to.deep.equal([]);
    expect(pastTheEnd.page).to.deep.equal({ size: 1, number: 7, totalElements: 2, totalPages: 2 });
    const shortPast = await search(`q=zz&size=1&page=3`);
    expect(shortPast.page.totalElements).to.equal(0);
  });

  it('shows published offers only', async () => {
    const { r, search } = await corpus();
    const w = uniqueWord();
    await createOffre(r, { titre: `${w} brouillon`, status: 'DRAFT' });
    await createOffre(r, { titre: `${w} archive`, status: 'ARCHIVED' });
    await createOffre(r, { titre: `${w} expiree`, deadline: '2001-01-01' });
    expect((await search(`q=${w}`)).content).to.deep.equal([]);
  });

  it('refuses bad parameters with 400', async () => {
    const tooLong = await api()
      .get(`/v1/api/offres/search?q=${'a'.repeat(201)}`)
      .expect(400);
    expect(tooLong.body.error.code).to.equal('VALIDATION_ERROR');
    await api().get('/v1/api/offres/search?q=java&sort=titre,desc').expect(400);
    await api().get('/v1/api/offres/search?q=java&salaireMin=-3').expect(400);
  });
});

describe('Search: GET /offres/autocomplete', () => {
  it('suggests titles, skills and companies by word prefix, ignoring accents', async () => {
    const w = uniqueWord();
    const secteurId = await newSecteur();
    const r = await recruteurWithPlan('ENTREPRISE', { secteurActiviteId: secteurId, nom: `É${w} Holding` });
    await createOffre(r, { titre: `É${w} analyste`, competences: [`É${w}script`, 'Excel'] });
    await createOffre(r, { titre: `Chef É${w} analyste` });
    await createOffre(r, { titre: `É${w} brouillon`, status: 'DRAFT' });
    const res = await api()
      .get(`/v1/api/offres/autocomplete?q=e${w.slice(0, 6)}`)
      .expect(200);
    expect(res.body.success).to.equal(true);
    const items = res.body.data as { type: string; value: string }[];
    expect(items.length).to.be.at.most(10);
    expect(items).to.deep.include({ type: 'TITRE', value: `É${w} analyste` });
    expect(items).to.deep.include({ type: 'TITRE', value: `Chef É${w} analyste` });
    expect(items).to.deep.include({ type: 'COMPETENCE', value: `É${w}script` });
    expect(items).to.deep.include({ type: 'ENTREPRISE', value: `É${w} Holding` });
    expect(items.map((i) => i.value)).not.to.include(`É${w} brouillon`);
    expect(items.map((i) => i.value)).not.to.include('Excel');
    // A whole value starting with the prefix comes before one where a later word does.
    const titles = items.filter((i) => i.type === 'TITRE').map((i) => i.value);
    expect(titles.indexOf(`É${w} analyste`)).to.be.lessThan(titles.indexOf(`Chef É${w} analyste`));
    for (const i of items) expect(i).to.have.all.keys('type', 'value');
  });

  it('answers at most 10 for a short prefix, and 400 without q', async () => {
    const r = await recruteurWithPlan('ENTREPRISE');
    for (let i = 0; i < 12; i++) await createOffre(r, { titre: `Zo poste ${i}` });
    const res = await api().get('/v1/api/offres/autocomplete?q=zo').expect(200);
    expect(res.body.data.length).to.be.within(1, 10);
    const empty = await api().get('/v1/api/offres/autocomplete?q=%2B%2B').expect(200);
    expect(empty.body.data).to.deep.equal([]);
    const bad = await api().get('/v1/api/offres/autocomplete').expect(400);
    expect(bad.body.error.code).to.equal('VALIDATION_ERROR');
  });
});
