/**
 * mergeWithKeys: the very object `{ ...base, ...extra }` makes (keys, their order, values,
 * prototype), judged by the spread itself on random bases, including the keys a literal could
 * get wrong.
 */
import { expect } from 'chai';
import { seededRandom as random } from '../helpers/seeded-random.ts';
import { mergeWithKeys } from '../../lib/shallow-merge.ts';

const KEYS = [
  'id',
  'titre',
  'relevanceScore',
  'é"k\\',
  '0',
  '10',
  'constructor',
  'a b',
  '\u2028',
  "x'}; throw 1; //",
];
const VALUES = [0, -0, 1.5, NaN, 'texte', null, undefined, true, [1, 2], { nested: 1 }];

/** Own keys (symbols included) and their values, in order. */
const ownEntries = (o: object) => Reflect.ownKeys(o).map((k) => [k, (o as Record<PropertyKey, unknown>)[k]]);

function expectSpreadOf(made: object, base: object, extra: object) {
  const spread = { ...base, ...extra };
  expect(ownEntries(made)).to.deep.equal(ownEntries(spread));
  expect(Object.getPrototypeOf(made)).to.equal(Object.prototype);
  expect(Object.isFrozen(made)).to.equal(false);
}

describe('mergeWithKeys (unit, against the spread)', () => {
  it('makes what the spread makes, for 2,000 random bases, frozen or not, extended with known keys', () => {
    const r = random(27);
    const merges = [['relevanceScore'], ['relevanceScore', 'matchedWords', 'queryWords'], ['id', '0']].map(
      (keys) => ({ keys, merge: mergeWithKeys<Record<string, unknown>>(keys) }),
    );
    // Thirty shapes of base, fewer than a merge compiles: every base here goes through a literal.
    const shapes = Array.from({ length: 30 }, () => Array.from({ length: r.int(8) }, () => r.pick(KEYS)));
    for (let i = 0; i < 2000; i++) {
      const base: Record<string, unknown> = {};
      for (const k of r.pick(shapes)) base[k] = r.pick(VALUES);
      if (r.next() < 0.5) Object.freeze(base);
      const { keys, merge } = r.pick(merges);
      const extra = Object.fromEntries(keys.map((k) => [k, r.pick(VALUES)]));
      // The same base again (a kept view on another page) gives a fresh object each time.
      const first = merge(base, extra);
      const second = merge(base, extra);
      expect(second).to.not.equal(first);
      expectSpreadOf(first, base, extra);
      expectSpreadOf(second, base, extra);
    }
  });

  it('reads getters as the spread does, and bases a literal cannot name go through the spread', () => {
    const merge = mergeWithKeys<{ relevanceScore: number }>(['relevanceScore']);
    let reads = 0;
    const withGetter = Object.freeze({
      get titre() {
        reads++;
        return 'lu';
      },
    });
    expectSpreadOf(merge(withGetter, { relevanceScore: 1 }), withGetter, { relevanceScore: 1 });
    expect(reads).to.equal(2);
    // An own "__proto__" key (as JSON.parse makes it): a literal would set the prototype.
    const proto = JSON.parse('{"__proto__": {"polluted": true}, "id": 1}') as object;
    const made = merge(proto, { relevanceScore: 2 });
    expectSpreadOf(made, proto, { relevanceScore: 2 });
    expect((made as { polluted?: boolean }).polluted).to.equal(undefined);
    // Own symbol keys are copied by the spread.
    const tagged = { id: 3, [Symbol.for('tag')]: 'kept' };
    expectSpreadOf(merge(tagged, { relevanceScore: 3 }), tagged, { relevanceScore: 3 });
  });

  it('sees the keys a base has now when it is not frozen', () => {
    const merge = mergeWithKeys<{ relevanceScore: number }>(['relevanceScore']);
    const base: Record<string, unknown> = { id: 1 };
    expectSpreadOf(merge(base, { relevanceScore: 1 }), base, { relevanceScore: 1 });
    base.titre = 'ajouté';
    expectSpreadOf(merge(base, { relevanceScore: 2 }), base, { relevanceScore: 2 });
  });

  it('refuses to name __proto__ among the extra keys', () => {
    expect(() => mergeWithKeys(['__proto__'])).to.throw(/__proto__/);
  });
});
