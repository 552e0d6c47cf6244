import { expect } from 'chai';
import { SYNONYM_UPGRADES, planUpgrade } from '../../seeds/search-synonym-upgrades.ts';
import { SYNONYM_SETS } from '../../seeds/search-synonyms.ts';

const rows = (entries: [number, string[]][]) => {
  const ids = new Map<string, number[]>();
  for (const [id, terms] of entries)
    ids.set(JSON.stringify(terms), [...(ids.get(JSON.stringify(terms)) ?? []), id]);
  return ids;
};

describe('Upgrades of shipped synonym sets (unit)', () => {
  it('replaces in place the groups still as shipped when the set keeps its number of groups', () => {
    const before = [
      ['a', 'b'],
      ['c', 'stage'],
      ['e', 'f'],
    ];
    const after = [['a', 'b'], ['c'], ['e', 'g']];
    // Row 2 holds the group as shipped; the operator edited the third one (row 3).
    const plan = planUpgrade(
      before,
      after,
      rows([
        [1, ['a', 'b']],
        [2, ['c', 'stage']],
        [3, ['e', 'f', 'h']],
      ]),
    );
    expect(plan).to.deep.equal({ updates: [{ id: 2, terms: ['c'] }], deletes: [], inserts: [] });
  });

  it('leaves a group the operator deleted deleted', () => {
    const plan = planUpgrade([['c', 'stage']], [['c']], rows([[1, ['x']]]));
    expect(plan).to.deep.equal({ updates: [], deletes: [], inserts: [] });
  });

  it('otherwise deletes the groups the set no longer holds and inserts its new ones, once each', () => {
    const before = [
      ['senior', 'export'],
      ['senior', 'import'],
      ['driver', 'chauffeur'],
    ];
    const after = [
      ['driver', 'chauffeur'],
      ['pet', 'animalerie'],
    ];
    const plan = planUpgrade(
      before,
      after,
      rows([
        [1, ['senior', 'export']],
        [2, ['driver', 'chauffeur']],
        [3, ['pet', 'animalerie']],
      ]),
    );
    expect(plan).to.deep.equal({ updates: [], deletes: [1], inserts: [] });
    const fresh = planUpgrade(before, after, rows([[1, ['senior', 'import']]]));
    expect(fresh).to.deep.equal({ updates: [], deletes: [1], inserts: [['pet', 'animalerie']] });
  });

  it('names each set and upgrade within app_settings’ 64 characters, once, and upgrades known sets', () => {
    const names = [...SYNONYM_SETS, ...SYNONYM_UPGRADES].map((x) => x.name);
    for (const name of names) expect(name.length, name).to.be.at.most(64);
    expect(new Set(names).size).to.equal(names.length);
    for (const u of SYNONYM_UPGRADES) expect(SYNONYM_SETS.map((x) => x.name)).to.include(u.set);
  });
});
