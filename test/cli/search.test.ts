import { expect } from 'chai';
import { testDb } from '../helpers/env.ts';
import { parseJson } from '../helpers/cli.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { uniqueWord } from '../helpers/offre-factories.ts';
import { NOT_UNDER_MODERATION_SQL } from '../../domain/trust/index.ts';

interface Group {
  id: number;
  terms: string[];
}

describe('CLI: recrutement synonyms and search reindex', function () {
  this.timeout(60000);

  it('synonyms add, list, delete (--json), each change journaled for every instance', async () => {
    const terms = [uniqueWord('cli'), 'aide comptable'];
    const journalBefore = Number((await testDb()('searchJournal').max({ m: 'id' }))[0].m ?? 0);
    const added = await runInProcess(['synonyms', 'add', ...terms, '--json']);
    expect(added.code, added.stderr).to.equal(0);
    const group = parseJson<Group>(added);
    expect(group.terms).to.deep.equal(terms);
    expect(parseJson<Group[]>(await runInProcess(['synonyms', 'list', '--json']))).to.deep.include(group);
    const refused = await runInProcess(['synonyms', 'add', 'seul', '--json']);
    expect(refused.code).to.equal(2); // bad input, like a usage error
    expect(JSON.parse(refused.stderr).error).to.deep.include({
      code: 'VALIDATION_ERROR',
      fields: [{ field: 'terms', code: 'minItems', message: 'At least 2 items' }],
    });
    const deleted = await runInProcess(['synonyms', 'delete', String(group.id), '--yes', '--json']);
    expect(deleted.code, deleted.stderr).to.equal(0);
    expect(
      parseJson<Group[]>(await runInProcess(['synonyms', 'list', '--json'])).map((g) => g.id),
    ).to.not.include(group.id);
    const kinds = (await testDb()('searchJournal').where('id', '>', journalBefore).pluck('kind')) as string[];
    expect(kinds.filter((k) => k === 'SYNONYMS')).to.have.length(2);
  });

  it('search reindex builds an index, prints its size and asks every instance to rebuild', async () => {
    const res = await runInProcess(['search', 'reindex', '--json']);
    expect(res.code, res.stderr).to.equal(0);
    const stats = parseJson<{ offres: number; words: number; ms: number; requested: boolean }>(res);
    const published = Number(
      (
        await testDb()('offres as o')
          .join('entreprises as e', 'e.id', 'o.entrepriseId')
          .where({ 'o.status': 'PUBLISHED', 'e.status': 'ACTIVE' })
          // Public as the index has it: an offer held by moderation is out of public view.
          .whereRaw(NOT_UNDER_MODERATION_SQL)
          .count({ n: '*' })
      )[0].n,
    );
    expect(stats.offres).to.equal(published);
    expect(stats.requested).to.equal(true);
    const last = await testDb()('searchJournal').orderBy('id', 'desc').first('kind');
    expect(last.kind).to.equal('REINDEX');
  });
});
