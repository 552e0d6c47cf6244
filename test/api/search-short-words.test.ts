/**
 * Short words ("RH", "IT", "QA", "C", "3D") through the short-token columns and their FULLTEXT
 * indexes (domain/offres/short-tokens.ts, migration 20261121001700): never a REGEXP scan, for the
 * search and for the job alerts; the columns follow every write of titre / competences / description.
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createOffre } from '../helpers/factories.ts';
import { newSecteur, publishedOffre, recruiterWithPlan, uniqueWord } from '../helpers/offre-factories.ts';
import { buildSearchQueries } from '../../domain/offres/search-offres.ts';
import { shortTokenColumns, shortTokens } from '../../domain/offres/short-tokens.ts';
import { keywordFilter, type FulltextSettings } from '../../domain/alerts/keyword-search.ts';
import { backfillShortTokens } from '../../migrations/20261121001700_offres_short_tokens.ts';

interface Hit {
  id: number;
  relevanceScore: number;
}

async function corpus() {
  const secteurId = await newSecteur();
  const r = await recruiterWithPlan('ENTREPRISE', {
    secteurActiviteId: secteurId,
    nom: `${uniqueWord('Groupe')} SA`,
  });
  const search = async (q: string) => {
    const res = await agent()
      .get(`/v1/api/offres/search?secteurId=${secteurId}&q=${encodeURIComponent(q)}`)
      .expect(200);
    return res.body as { content: Hit[]; page: { totalElements: number } };
  };
  const ids = async (q: string) => (await search(q)).content.map((h) => h.id);
  return { secteurId, r, search, ids };
}

const shortColumns = (id: number) =>
  testDb()('offres').where({ id }).first('titreShort', 'competencesShort', 'descriptionShort');

type ExplainRow = { key: string | null; type: string; table: string };
async function explain(sql: Knex.SqlNative): Promise<ExplainRow[]> {
  const [rows] = (await testDb().raw(`EXPLAIN ${sql.sql}`, sql.bindings)) as [ExplainRow[]];
  return rows;
}

describe('Search and alerts: short words through the short-token index', () => {
  it('encodes the 1-2 character words of a text once each, accents and case folded (unit)', () => {
    expect(shortTokens('Chargé RH / rh, IT & Réseaux')).to.equal('zqrhqz zqitqz');
    expect(shortTokens('Développeur C++ (3D), Ré à É')).to.equal('zqcqz zq3dqz zqreqz zqaqz zqeqz');
    expect(shortTokens('Développeur backend')).to.equal('');
    expect(shortTokens(null)).to.equal('');
    // Only the columns whose source is written: a partial update touches only those.
    expect(shortTokenColumns({ titre: 'Chef BI' })).to.deep.equal({ titreShort: 'zqbiqz' });
    expect(shortTokenColumns({ competencesText: 'Node.js Go', description: null })).to.deep.equal({
      competencesShort: 'zqjsqz zqgoqz',
      descriptionShort: '',
    });
  });

  it('answers RH and IT through the FULLTEXT index of the short tokens, no REGEXP in the SQL', async () => {
    const { secteurId } = await corpus();
    for (const q of ['RH', 'it', 'RH comptable', 'QA IT BI']) {
      const { rows, count } = buildSearchQueries(testDb(), { q, secteurId }, new Date());
      const page = rows!.toSQL().toNative();
      const total = count!.toSQL().toNative();
      for (const sql of [page.sql, total.sql]) {
        expect(sql, q).to.not.match(/REGEXP/i);
        expect(sql, q).to.include('MATCH(o.titre_short, o.competences_short, o.description_short)');
      }
      const plan = await explain(total);
      const offres = plan.find((p) => p.table === 'o');
      expect(offres, q).to.include({ type: 'fulltext' });
      expect(offres!.key, q).to.match(/^ft_offres_/);
    }
    const plan = await explain(
      buildSearchQueries(testDb(), { q: 'RH' }, new Date()).count!.toSQL().toNative(),
    );
    expect(plan.find((p) => p.table === 'o')).to.include({ type: 'fulltext', key: 'ft_offres_short_all' });
  });

  it('finds short words as whole words in any field, with the 4/2/1 field weights', async () => {
    const { r, ids, search } = await corpus();
    const title = await createOffre(r, { titre: 'Chargé RH', description: 'Gestion de la paie' });
    const skills = await createOffre(r, { titre: 'Gestionnaire paie', competences: ['Sage', 'RH'] });
    const desc = await createOffre(r, { titre: 'Assistant', description: 'Appui au service RH.' });
    const c = await createOffre(r, { titre: 'Développeur C', competences: ['3D', 'Qt'] });
    await createOffre(r, { titre: 'Rhéologue', description: 'Laboratoire, recherche en rhétorique, CRH' });

    const rh = await search('RH');
    expect(rh.content.map((h) => h.id)).to.deep.equal([title, skills, desc]);
    expect(rh.content.map((h) => h.relevanceScore)).to.deep.equal([4, 2, 1]);
    expect(rh.page.totalElements).to.equal(3);
    expect(await ids('rh')).to.deep.equal([title, skills, desc]);
    // Short and long words together: every word required, each anywhere.
    expect(await ids('RH paie')).to.have.members([title, skills]);
    expect(await ids('rh assistant')).to.deep.equal([desc]);
    // One-letter and digit words, accents folded on both sides.
    expect(await ids('C')).to.deep.equal([c]);
    expect(await ids('3d QT')).to.deep.equal([c]);
    expect(await ids('3d rh')).to.deep.equal([]);
  });

  it('keeps the short tokens in step when an offer is created and updated through the API', async () => {
    const { r, ids } = await corpus();
    const id = await publishedOffre(r, {
      titre: 'Chargé RH',
      competences: ['Node.js', 'Go'],
      description: 'Équipe IT à Douala',
    });
    expect(await shortColumns(id)).to.deep.equal({
      titreShort: 'zqrhqz',
      competencesShort: 'zqjsqz zqgoqz',
      descriptionShort: 'zqitqz zqaqz',
    });
    expect(await ids('RH')).to.deep.equal([id]);

    await agent().put(`/v1/api/offres/${id}`).set(r.auth).send({ titre: 'Ingénieur QA' }).expect(200);
    expect(await shortColumns(id)).to.deep.equal({
      titreShort: 'zqqaqz',
      competencesShort: 'zqjsqz zqgoqz',
      descriptionShort: 'zqitqz zqaqz',
    });
    expect(await ids('RH')).to.deep.equal([]);
    expect(await ids('QA')).to.deep.equal([id]);

    await agent()
      .put(`/v1/api/offres/${id}`)
      .set(r.auth)
      .send({ competences: ['SQL'], description: null })
      .expect(200);
    expect(await shortColumns(id)).to.deep.equal({
      titreShort: 'zqqaqz',
      competencesShort: '',
      descriptionShort: '',
    });
    expect(await ids('IT')).to.deep.equal([]);
    expect(await ids('go')).to.deep.equal([]);
  });

  it('the migration backfills offers written before the columns existed, in batches', async () => {
    const { r, ids } = await corpus();
    const a = await createOffre(r, { titre: 'Responsable BI', competences: ['Power BI', 'SQL'] });
    const b = await createOffre(r, { titre: 'Analyste', description: 'Données RH et IT' });
    await testDb()('offres')
      .whereIn('id', [a, b])
      .update({ titreShort: null, competencesShort: null, descriptionShort: null });
    expect(await ids('BI')).to.deep.equal([]);
    const written = await backfillShortTokens(testDb(), 7);
    expect(written).to.be.at.least(2);
    expect(await shortColumns(a)).to.deep.equal({
      titreShort: 'zqbiqz',
      competencesShort: 'zqbiqz',
      descriptionShort: 'zqdeqz', // the factory's 'Poste de test'
    });
    expect((await shortColumns(b)).descriptionShort).to.equal('zqrhqz zqetqz zqitqz');
    expect(await ids('BI')).to.deep.equal([a]);
    expect(await ids('RH IT')).to.deep.equal([b]);
  });

  it('alert keywords: 2-character words go to the short-token index, never to REGEXP (unit)', () => {
    const ft: FulltextSettings = {
      minTokenSize: 3,
      maxTokenSize: 84,
      stopwords: new Set(['the', 'de', 'it', 'la']),
    };
    expect(keywordFilter('Responsable RH', ft)).to.deep.equal({
      booleanQuery: '+responsable*',
      shortQuery: '+zqrhqz',
      regexps: [],
    });
    // Only stopwords ("IT"): whole words; the short ones still through the index.
    expect(keywordFilter('IT', ft)).to.deep.equal({ booleanQuery: null, shortQuery: '+zqitqz', regexps: [] });
    expect(keywordFilter('chef de projet QA', ft)).to.deep.equal({
      booleanQuery: '+chef* +projet*',
      shortQuery: '+zqqaqz',
      regexps: [],
    });
    // A 3+ character stopword alone is in no index: the rare REGEXP fallback, bounded by the window.
    expect(keywordFilter('the', ft).regexps).to.have.length(1);
  });
});
