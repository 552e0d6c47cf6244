/**
 * Relevance rules of search (README "Search"), one a test, on French job titles: the length norm,
 * plural forms meeting the singular, rarer words counting more, partial matches marked as such,
 * English titles and abbreviations meeting French ones through the shipped synonyms, and the
 * shipped synonyms seeded once. Each test searches inside its own sector.
 */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { createAdmin, createOffre } from '../helpers/factories.ts';
import { testDb } from '../helpers/env.ts';
import { newSecteur, recruteurWithPlan, uniqueWord } from '../helpers/offre-factories.ts';
import type { ContractType } from '../../models/offre.ts';
import { seedSearchSynonyms } from '../../seeds/seed-search-synonyms.ts';
import { SYNONYM_SETS } from '../../seeds/search-synonyms.ts';
import { SYNONYM_UPGRADES } from '../../seeds/search-synonym-upgrades.ts';

interface Hit {
  id: number;
  relevanceScore: number;
  matchedWords: number;
  queryWords: number;
}

/** A synonym row's terms (a JSON column: a string or already parsed, as the driver gives it). */
const parsedTerms = (terms: unknown) => (typeof terms === 'string' ? JSON.parse(terms) : terms) as string[];
const termsOf = async (id: number) =>
  parsedTerms(((await testDb()('searchSynonyms').where({ id }).first('terms')) as { terms: unknown }).terms);

async function corpus() {
  const secteurId = await newSecteur();
  const r = await recruteurWithPlan('ENTREPRISE', { secteurActiviteId: secteurId });
  const hits = async (q: string) =>
    (
      await agent()
        .get(`/v1/api/offres/search?secteurId=${secteurId}&q=${encodeURIComponent(q)}`)
        .expect(200)
    ).body.content as Hit[];
  const ids = async (q: string) => (await hits(q)).map((h) => h.id);
  // The offers matching every word of q (those matching some follow them, partial).
  const full = async (q: string) =>
    (await hits(q)).filter((h) => h.matchedWords === h.queryWords).map((h) => h.id);
  type Recruteur = Awaited<ReturnType<typeof recruteurWithPlan>>;
  type More = {
    contractType?: ContractType;
    villeSlug?: string;
    remotePossible?: boolean;
    description?: string;
  };
  const offreOf = (owner: Recruteur, titre: string, publishedAt: Date, more: More = {}) =>
    createOffre(owner, {
      titre,
      description: 'Poste basé à Douala',
      competences: ['Rigueur'],
      publishedAt,
      ...more,
    });
  const offre = (titre: string, publishedAt = new Date('2031-03-01'), more: More = {}) =>
    offreOf(r, titre, publishedAt, more);
  // Another employer of the sector, made at its first offer.
  let other: Recruteur | undefined;
  const otherOffre = async (titre: string, publishedAt: Date) =>
    offreOf(
      (other ??= await recruteurWithPlan('ENTREPRISE', { secteurActiviteId: secteurId })),
      titre,
      publishedAt,
    );
  const nameCompany = (nomEntreprise: string) =>
    testDb()('entreprises').where({ id: r.entrepriseId }).update({ nomEntreprise });
  return { hits, ids, full, offre, otherOffre, nameCompany, secteurId };
}

describe('Search relevance', () => {
  it('ranks a short title that is all query above a long one containing it, even newer', async () => {
    const { ids, offre } = await corpus();
    const long = await offre('Comptable fournisseurs clients trésorerie banque', new Date('2031-05-01'));
    const short = await offre('Comptable', new Date('2031-01-01'));
    expect(await ids('comptable')).to.deep.equal([short, long]);
  });

  it('lets a plural query meet singular titles first when they are shorter, not the plural as typed', async () => {
    const { ids, offre } = await corpus();
    const plural = await offre('Techniciens informatiques support utilisateurs', new Date('2031-05-01'));
    const singular = await offre('Technicien informatique', new Date('2031-01-01'));
    expect(await ids('techniciens informatiques')).to.deep.equal([singular, plural]);
  });

  it('lets feminine titles meet the masculine as the same word: "cheffe de chantier", "maçonne"', async () => {
    const { hits, offre } = await corpus();
    const chef = await offre('Chef de chantier', new Date('2031-01-01'));
    const cheffe = await offre('Cheffe de chantier', new Date('2031-02-01'));
    const macon = await offre('Maçon', new Date('2031-03-01'));
    for (const q of ['cheffe de chantier', 'chef de chantier']) {
      const found = await hits(q);
      expect(found.map((h) => h.id).sort()).to.deep.equal([chef, cheffe].sort());
      expect(found[0].relevanceScore, q).to.equal(found[1].relevanceScore);
      expect(found.every((h) => h.matchedWords === 2)).to.equal(true);
    }
    expect((await hits('maçonnes')).map((h) => h.id)).to.deep.equal([macon]);
  });

  it('finds a company’s offers by its name when no offer holds some of the words, as typed ("mungo" is no "mongo")', async () => {
    const { hits, offre, nameCompany, secteurId } = await corpus();
    const word = uniqueWord('brasseries');
    await nameCompany(`${word} du Mungo`);
    const older = await offre('Magasinier', new Date('2031-01-01'));
    const newer = await offre('Chauffeur livreur', new Date('2031-02-01'));
    // "mungo", which no offer holds, is read as the synonym term "mongo" (MongoDB) for the offers'
    // texts; the company's name is compared with what was typed.
    const found = await hits(`${word} du mungo`);
    expect(found.map((h) => [h.id, h.relevanceScore, h.matchedWords, h.queryWords])).to.deep.equal([
      [newer, 0, 2, 2],
      [older, 0, 2, 2],
    ]);
    // Sorted otherwise, the last resort (a search that found nothing read as a company's name)
    // keeps that sort, without matchedWords; a word of the name missing finds nothing.
    const sorted = await agent()
      .get(`/v1/api/offres/search?secteurId=${secteurId}&q=${word}&sort=publishedAt,asc`)
      .expect(200);
    expect(sorted.body.content.map((h: Hit) => [h.id, h.matchedWords])).to.deep.equal([
      [older, undefined],
      [newer, undefined],
    ]);
    expect(await hits(`${word} ${uniqueWord('absent')}`)).to.deep.equal([]);
  });

  it('completes a partial match with the company’s name: "clinique douala" gives the clinic’s offers in Douala first', async () => {
    const { hits, offre, otherOffre, nameCompany } = await corpus();
    const clinic = uniqueWord('clinique');
    await nameCompany(`${clinic} des Palmiers`);
    const nurse = await offre('Infirmier de nuit', new Date('2031-01-01'));
    // Another employer's offers in Douala, the newer ones: the name alone must put the clinic's first.
    const elsewhere: number[] = [];
    for (const [k, titre] of ['Magasinier', 'Caissier', 'Comptable'].entries())
      elsewhere.unshift(await otherOffre(titre, new Date(Date.UTC(2031, 5 + k, 1))));
    const found = await hits(`${clinic} douala`);
    expect(found.map((h) => [h.id, h.matchedWords, h.queryWords])).to.deep.equal([
      [nurse, 2, 2],
      ...elsewhere.map((id) => [id, 1, 2]),
    ]);
    // The name adds nothing to the score: all met "douala" alike in their description.
    expect(new Set(found.map((h) => h.relevanceScore)).size).to.equal(1);
  });

  it('never completes a match with a name’s word that offers hold: "agent de banque" is no security guard of a bank', async () => {
    const { hits, offre, otherOffre, nameCompany } = await corpus();
    await nameCompany(`Banque ${uniqueWord('atlantique')}`);
    const guard = await offre('Agent de sécurité', new Date('2031-06-01'));
    const titled = (titre: string, month: number) => otherOffre(titre, new Date(Date.UTC(2031, month, 1)));
    const teller = await titled('Agent de banque', 0);
    await titled('Employé de banque', 1);
    await titled('Agent commercial', 2);
    await titled("Agent d'entretien", 3);
    const found = await hits('agent de banque');
    expect(found[0]).to.include({ id: teller, matchedWords: 2, queryWords: 2 });
    expect(found.find((h) => h.id === guard)).to.include({ matchedWords: 1 });
  });

  it('ranks offers holding a word as typed before those meeting it with a typo: "cariste" is not "caviste"', async () => {
    const { hits, offre } = await corpus();
    const caviste = await offre('Caviste', new Date('2031-06-01'));
    // A long title: on score alone, the short one met with a typo would come first.
    const cariste = await offre(
      'Cariste : préparation de commandes, chargement, inventaire et maintenance de premier niveau',
      new Date('2031-01-01'),
    );
    const found = await hits('cariste douala');
    expect(found.map((h) => h.id)).to.deep.equal([cariste, caviste]);
    expect(found.every((h) => h.matchedWords === 2)).to.equal(true);
    // A word no offer holds as typed still meets its near words, as before.
    expect((await hits('carsite douala')).map((h) => h.id)).to.include(cariste);
  });

  it('finds offers by their city, contract and remote work as typed: "magasinier CDI", "magasinier garoua", "freelance", "télétravail"', async () => {
    const { hits, offre } = await corpus();
    // Neither the title nor the description says the contract or the city.
    const cdi = await offre('Magasinier', new Date('2031-01-01'), { contractType: 'CDI' });
    const freelance = await offre('Magasinier', new Date('2031-02-01'), {
      contractType: 'FREELANCE',
      villeSlug: 'garoua',
      remotePossible: true,
    });
    const matched = async (q: string) => (await hits(q)).map((h) => [h.id, h.matchedWords]);
    expect(await matched('magasinier CDI')).to.deep.equal([
      [cdi, 2],
      [freelance, 1],
    ]);
    expect(await matched('magasinier garoua')).to.deep.equal([
      [freelance, 2],
      [cdi, 1],
    ]);
    expect(await matched('freelance')).to.deep.equal([[freelance, 1]]);
    expect(await matched('télétravail')).to.deep.equal([[freelance, 1]]);
  });

  it('reads acronyms written with dots as the acronym: "R.H." meets "RH" and "ressources humaines"', async () => {
    const { ids, offre } = await corpus();
    const dotted = await offre('Chargé R.H.');
    const qhse = await offre('Responsable QHSE');
    expect(await ids('chargé rh')).to.deep.equal([dotted]);
    expect(await ids('chargé ressources humaines')).to.deep.equal([dotted]);
    expect(await ids('Q.H.S.E')).to.deep.equal([qhse]);
  });

  it('meets a compound however it is written: "backend", "back-end" and "back end"', async () => {
    const { hits, offre } = await corpus();
    const hyphen = await offre('Développeur Back-End PHP');
    const joined = await offre('Développeur backend Node.js');
    for (const q of ['backend', 'back-end', 'back end', 'développeur back-end']) {
      const found = await hits(q);
      expect(
        found.map((h) => h.id),
        q,
      ).to.have.members([hyphen, joined]);
      expect(
        found.every((h) => h.matchedWords === h.queryWords),
        q,
      ).to.equal(true);
    }
  });

  it('puts the titles that start with the first query word first, even older or longer described', async () => {
    const { ids, offre } = await corpus();
    const head = await offre('Assistant comptable', new Date('2031-01-01'), {
      description: 'Poste basé à Douala, au sein du service financier de notre siège social',
    });
    const tail = await offre('Pharmacien assistant', new Date('2031-05-01'));
    for (const q of ['assistant', 'assistante', 'assistants'])
      expect(await ids(q), q).to.deep.equal([head, tail]);
    // A title that is all query still comes first.
    const all = await offre('Assistant', new Date('2030-01-01'));
    expect(await ids('assistant')).to.deep.equal([all, head, tail]);
  });

  it('meets the e- trades however they are written: "e-commerce", "eCommerce" and "e commerce"', async () => {
    const { ids, offre } = await corpus();
    const hyphen = await offre('Responsable e-commerce');
    const joined = await offre('Chef de projet eCommerce');
    const learning = await offre('Concepteur eLearning');
    await offre('Commercial terrain');
    for (const q of ['e-commerce', 'ecommerce', 'e commerce', 'E-Commerce'])
      expect(await ids(q), q).to.have.members([hyphen, joined]);
    expect(await ids('e-learning')).to.deep.equal([learning]);
  });

  it('meets software skills however they are written: "node" and "nodejs" find "Node.js"', async () => {
    const { ids, offre } = await corpus();
    const node = await offre('Développeur backend Node.js');
    const react = await offre('Intégrateur ReactJS');
    for (const q of ['node', 'nodejs', 'node.js']) expect(await ids(q), q).to.deep.equal([node]);
    for (const q of ['react', 'react.js']) expect(await ids(q), q).to.deep.equal([react]);
  });

  it('meets job titles as Cameroon says them: "laborantin", "transitaire", "nounou", "clearing agent"', async () => {
    const { ids, offre } = await corpus();
    const lab = await offre('Technicien de laboratoire H/F');
    const customs = await offre('Déclarant en douane');
    const childcare = await offre("Garde d'enfants à domicile");
    const household = await offre('Employée de maison');
    const taxi = await offre('Chauffeur de taxi');
    const tailor = await offre('Couturier retoucheur');
    expect(await ids('laborantin')).to.deep.equal([lab]);
    expect(await ids('laborantine')).to.deep.equal([lab]);
    for (const q of ['transitaire', 'clearing agent']) expect(await ids(q), q).to.deep.equal([customs]);
    for (const q of ['nounou', 'nanny']) expect(await ids(q), q).to.deep.equal([childcare]);
    for (const q of ['ménagère', 'house help']) expect(await ids(q), q).to.deep.equal([household]);
    expect(await ids('taximan')).to.deep.equal([taxi]);
    expect(await ids('tailleur')).to.deep.equal([tailor]);
  });

  it('counts a rarer word more: among partial matches, the rare word first', async () => {
    const { hits, offre } = await corpus();
    const rare = uniqueWord('rar');
    for (let i = 0; i < 3; i++) await offre('Technicien', new Date('2031-06-01'));
    const rareOne = await offre(`Opérateur ${rare}`, new Date('2031-01-01'));
    const found = await hits(`technicien ${rare}`);
    expect(found[0]).to.include({ id: rareOne, matchedWords: 1, queryWords: 2 });
    expect(found).to.have.length(4);
    expect(found.every((h) => h.matchedWords === 1)).to.equal(true);
  });

  it('lets English titles and abbreviations meet French offers through the shipped synonyms', async () => {
    const { ids, offre } = await corpus();
    const compta = await offre('Comptable');
    const daf = await offre('Directeur administratif et financier');
    const tech = await offre('Directeur technique');
    const rh = await offre('Directrice des ressources humaines');
    const claims = await offre("Chargée d'indemnisation en assurances");
    expect(await ids('accountant')).to.deep.equal([compta]);
    // An English title past the first six of its occupation in the ESCO table.
    expect((await ids('claims processor'))[0]).to.equal(claims);
    expect(await ids('DAF')).to.deep.equal([daf]);
    expect((await ids('technical director'))[0]).to.equal(tech);
    expect(await ids('DRH')).to.deep.equal([rh]);
  });

  it('reads an acronym that finds nothing as its spelled-out words, partial matches marked so', async () => {
    const { hits, offre } = await corpus();
    const consultant = await offre('Consultant en ressources humaines');
    await offre('Directeur commercial');
    const found = await hits('DRH');
    expect(found[0]).to.include({ id: consultant, matchedWords: 2, queryWords: 3 });
    expect(found).to.have.length(2);
    expect(found[1]).to.include({ matchedWords: 1, queryWords: 3 });
    // An acronym that finds its own offers stays as it is.
    const drh = await offre('Directeur des ressources humaines');
    expect((await hits('DRH')).map((h) => [h.id, h.matchedWords])).to.deep.equal([[drh, 1]]);
  });

  it('finds drivers for "chauffeur" and "driver", not the manager of a building site', async () => {
    const { ids, offre } = await corpus();
    const lorry = await offre('Chauffeur poids lourd');
    const bus = await offre('Conducteur de bus');
    const site = await offre('Conducteur de travaux');
    expect(await ids('chauffeur')).to.have.members([lorry, bus]);
    expect(await ids('driver')).to.have.members([lorry, bus]);
    expect(await ids('conducteur')).to.include.members([bus, site]);
  });

  it('reads "stage" as an internship: "stage comptable" finds the intern accountant, no theatre', async () => {
    const { ids, offre } = await corpus();
    const intern = await offre('Stagiaire comptable');
    const stage = await offre('Stage : Assistant comptable');
    const theatre = await offre('Régisseur de plateau');
    expect((await ids('stage comptable')).slice(0, 2)).to.have.members([intern, stage]);
    expect(await ids('stage')).to.have.members([intern, stage]);
    expect(await ids('internship')).to.have.members([intern, stage]);
    expect(await ids('stage manager')).to.not.include(theatre);
  });

  it('lets a word meet its family and the family’s synonyms: "informaticien" finds IT support', async () => {
    const { ids, offre } = await corpus();
    const support = await offre('Technicien support IT');
    const geo = await offre('Consultant géothermie');
    expect(await ids('informaticien')).to.deep.equal([support]);
    expect(await ids('géothermiciens')).to.deep.equal([geo]);
  });

  it('finds the sound trades by their sound: "ingénieur du son" is no agronomist, "technicien son" no other technician', async () => {
    const { hits, full, offre } = await corpus();
    const possessive = { description: 'Le technicien rejoindra son équipe à Douala' };
    const sound = await offre('Ingénieur du son', new Date('2031-01-01'));
    const agronome = await offre('Ingénieur agronome', new Date('2031-05-01'));
    const soundTechnician = await offre('Technicien son', new Date('2031-01-01'));
    const maintenance = await offre('Technicien de maintenance', new Date('2031-05-01'), possessive);
    expect(await full('ingénieur du son')).to.deep.equal([sound]);
    expect((await hits('ingénieur son'))[0].id).to.equal(sound);
    expect((await hits('ingénieur son')).find((h) => h.id === agronome)?.matchedWords).to.equal(1);
    // The possessive of a description meets the word too, but a title holding it comes first.
    expect(await full('technicien son')).to.deep.equal([soundTechnician, maintenance]);
    expect(await full('sound engineer')).to.deep.equal([sound]);
  });

  it('reads the abbreviations of English ads: "HR officer" finds "Chargé RH", "M&E officer" the M&E officer', async () => {
    const { full, offre } = await corpus();
    const hr = await offre('Chargé RH et administration', new Date('2031-01-01'));
    await offre('Agent de sécurité', new Date('2031-05-01'));
    const me = await offre('Chargé de suivi-évaluation', new Date('2031-01-01'));
    expect(await full('HR officer')).to.deep.equal([hr]);
    expect(await full('M&E officer')).to.deep.equal([me]);
  });

  it('finds "Développeur" for a software engineer, a security guard for "gardien" and the English teacher for "anglais"', async () => {
    const { hits, full, offre } = await corpus();
    const backend = await offre('Développeur backend Node.js', new Date('2031-01-01'));
    await offre('Ingénieur agronome', new Date('2031-05-01'));
    const guard = await offre('Agent de sécurité', new Date('2031-01-01'));
    const school = await offre('Surveillant général', new Date('2031-05-01'));
    expect(await full('software engineer')).to.deep.equal([backend]);
    expect(await full('software developer')).to.deep.equal([backend]);
    expect(await full('gardien')).to.deep.equal([guard]);
    expect(await full('surveillant')).to.deep.equal([school]);
    const teacher = await offre('English language teacher', new Date('2031-01-01'));
    expect(await full('anglais')).to.deep.equal([teacher]);
    // "site" is a word of many descriptions, "supervisor" a "Chef" among others.
    await offre('Chef de plantation', new Date('2031-05-01'), { description: 'Sur notre site de Kribi' });
    const chantier = await offre('Chef de chantier routes', new Date('2031-01-01'));
    expect((await hits('site supervisor'))[0].id).to.equal(chantier);
  });

  it('finds offers by their company’s sector, at a skill’s weight, and by its new name once renamed', async () => {
    const { hits, offre, secteurId } = await corpus();
    const word = uniqueWord('agro');
    const admin = await createAdmin();
    await agent()
      .put(`/v1/api/admin/reference/sectors/${secteurId}`)
      .set(admin.auth)
      .send({ nom: `${word} et élevage` })
      .expect(200);
    const plantation = await offre('Chef de plantation', new Date('2031-01-01'));
    const titled = await offre(`Technicien ${word}`, new Date('2030-01-01'));
    // Another sector's newer offer, whose description holds the word.
    const elsewhere = await recruteurWithPlan('ENTREPRISE', { secteurActiviteId: await newSecteur() });
    const described = await createOffre(elsewhere, {
      titre: 'Magasinier',
      description: `Avantages : ${word} et primes`,
      competences: ['Rigueur'],
      publishedAt: new Date('2031-06-01'),
    });
    const everywhere = async (q: string) =>
      ((await agent().get(`/v1/api/offres/search?q=${q}`).expect(200)).body.content as Hit[]).map(
        (h) => h.id,
      );
    expect(await everywhere(word)).to.deep.equal([titled, plantation, described]);
    const renamed = uniqueWord('agri');
    await agent()
      .put(`/v1/api/admin/reference/sectors/${secteurId}`)
      .set(admin.auth)
      .send({ nom: `${renamed} et élevage` })
      .expect(200);
    expect((await hits(renamed)).map((h) => h.id)).to.deep.equal([plantation, titled]);
    expect((await hits(word)).map((h) => h.id)).to.deep.equal([titled]);
  });

  it('reads "emploi chauffeur" and "offre d’emploi chauffeur" as "chauffeur", whatever the descriptions say', async () => {
    const { hits, offre } = await corpus();
    const plain = await offre('Chauffeur livreur', new Date('2031-01-01'));
    const worded = await offre('Chauffeur de direction', new Date('2030-01-01'), {
      description: 'Offre d’emploi : chauffeur pour notre direction',
    });
    for (const q of ['emploi chauffeur', 'offre d’emploi chauffeur', 'je cherche un emploi de chauffeur']) {
      const found = await hits(q);
      expect(
        found.map((h) => h.id),
        q,
      ).to.have.members([plain, worded]);
      expect(
        found.every((h) => h.matchedWords === h.queryWords && h.queryWords === 1),
        q,
      ).to.equal(true);
    }
  });

  it('upgrades the guard group seeded before: "gardien" no longer meets any "surveillant"', async () => {
    const db = testDb();
    const [id] = await db('searchSynonyms').insert({
      terms: JSON.stringify(['guard', 'gardien', 'surveillant']),
    });
    await db('appSettings').where({ name: 'seed.synonyms.upgrade.guard' }).delete();
    await seedSearchSynonyms(db);
    const terms = await termsOf(id);
    expect(terms).to.deep.equal(['guard', 'gardien', 'surveillant pénitentiaire']);
    await db('searchSynonyms').where({ id }).delete();
    await db('searchJournal').insert({ kind: 'SYNONYMS' });
  });

  it('upgrades the ROME video technicians seeded while "son" was a stop-word', async () => {
    const db = testDb();
    const upgrade = SYNONYM_UPGRADES.find((u) => u.name === 'seed.synonyms.upgrade.son.rome-job-titles.1')!;
    const [old] = upgrade.before();
    expect(old, 'the audio-video maintenance technician as shipped').to.include('video technician');
    const [id] = await db('searchSynonyms').insert({ terms: JSON.stringify(old) });
    await db('appSettings').where({ name: upgrade.name }).delete();
    await seedSearchSynonyms(db);
    const terms = await termsOf(id);
    expect(terms[0]).to.equal('technicien de maintenance en audio-vidéo professionnelle');
    expect(terms).to.include('technicien son-vidéo').and.not.include('video technician');
    const video = SYNONYM_SETS.find((x) => x.name === upgrade.set)!
      .groups()
      .find((g) => g[0] === 'technicien vidéo');
    expect(video, 'the video technician now').to.include('video technician');
    // The English words added since ("sound") reach the databases seeded before them, once.
    const sound = JSON.stringify(['sound', 'son']);
    const soundRows = async () =>
      (
        (await db('searchSynonyms').where('terms', 'like', '%"sound"%').select('id', 'terms')) as {
          id: number;
          terms: unknown;
        }[]
      ).filter((r) => JSON.stringify(parsedTerms(r.terms)) === sound);
    await db('searchSynonyms')
      .whereIn(
        'id',
        (await soundRows()).map((r) => r.id),
      )
      .delete();
    await db('appSettings').where({ name: 'seed.synonyms.upgrade.added-pairs.english-job-words.1' }).delete();
    await seedSearchSynonyms(db);
    await seedSearchSynonyms(db);
    expect(await soundRows()).to.have.length(1);
    await db('searchSynonyms').where({ id }).delete();
    await db('searchJournal').insert({ kind: 'SYNONYMS' });
  });

  it('corrects a shipped group nobody changed, once, and leaves an edited one alone', async () => {
    const db = testDb();
    const shipped = await db('searchSynonyms').insert({ terms: JSON.stringify(['chauffeur', 'conducteur']) });
    const edited = await db('searchSynonyms').insert({
      terms: JSON.stringify(['chauffeur', 'conducteur', 'pilote']),
    });
    await db('appSettings').where({ name: 'seed.synonyms.upgrade.drivers' }).delete();
    await seedSearchSynonyms(db);
    const corrected = await termsOf(shipped[0]);
    expect(corrected[0]).to.equal('chauffeur');
    expect(corrected).to.include('conducteur de bus').and.not.include('conducteur');
    expect(await termsOf(edited[0])).to.deep.equal(['chauffeur', 'conducteur', 'pilote']);
    // Once: a group put back as it was shipped stays so.
    await db('searchSynonyms')
      .where({ id: shipped[0] })
      .update({ terms: JSON.stringify(['chauffeur', 'conducteur']) });
    await seedSearchSynonyms(db);
    expect(await termsOf(shipped[0])).to.deep.equal(['chauffeur', 'conducteur']);
    await db('searchSynonyms').whereIn('id', [shipped[0], edited[0]]).delete();
    await db('searchJournal').insert({ kind: 'SYNONYMS' });
  });

  it('upgrades the generated sets of a database seeded before: "stage" is no English title there', async () => {
    const db = testDb();
    const set = SYNONYM_SETS.find((x) => x.name === 'seed.synonyms.esco-job-titles.1')!;
    const before = set.groups({ asFirstShipped: true });
    const after = set.groups();
    const at = before.findIndex((g) => g.includes('stage'));
    expect(at, 'the stage manager’s group as first shipped').to.be.greaterThan(-1);
    expect(after[at]).to.include('production stage manager').and.not.include('stage');
    const [old] = await db('searchSynonyms').insert({ terms: JSON.stringify(before[at]) });
    await db('appSettings').where({ name: 'seed.synonyms.upgrade.fr-words.esco-job-titles.1' }).delete();
    await seedSearchSynonyms(db);
    expect(await termsOf(old)).to.deep.equal(after[at]);
    await db('searchSynonyms').where({ id: old }).delete();
    await db('searchJournal').insert({ kind: 'SYNONYMS' });
  });

  it('seeds each shipped synonym set once, and keeps an operator’s deletions', async () => {
    const db = testDb();
    const count = async () =>
      Number(((await db('searchSynonyms').count({ n: '*' })) as { n: number }[])[0].n);
    const before = await count();
    expect(before).to.be.greaterThan(2900);
    await seedSearchSynonyms(db);
    expect(await count()).to.equal(before);
    const admin = await createAdmin();
    const list = await agent().get('/v1/api/admin/search/synonyms').set(admin.auth).expect(200);
    const escoGroup = (list.body.data as { id: number; terms: string[] }[]).find((g) =>
      g.terms.includes('directeur technique'),
    );
    expect(escoGroup, 'the ESCO group of "directeur technique"').to.not.equal(undefined);
    const added = await agent()
      .post('/v1/api/admin/search/synonyms')
      .set(admin.auth)
      .send({ terms: escoGroup?.terms })
      .expect(200);
    await agent().delete(`/v1/api/admin/search/synonyms/${escoGroup?.id}`).set(admin.auth).expect(200);
    await seedSearchSynonyms(db);
    expect(await count()).to.equal(before);
    expect(await db('searchSynonyms').where({ id: escoGroup?.id }).first('id')).to.equal(undefined);
    // Leave the groups as the other tests expect them.
    await agent().delete(`/v1/api/admin/search/synonyms/${added.body.data.id}`).set(admin.auth).expect(200);
    await db('searchSynonyms').insert({ id: escoGroup?.id, terms: JSON.stringify(escoGroup?.terms) });
    await db('searchJournal').insert({ kind: 'SYNONYMS' });
  });
});
