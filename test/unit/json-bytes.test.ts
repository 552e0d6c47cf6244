import { expect } from 'chai';
import { seededRandom as random } from '../helpers/seeded-random.ts';
import etag from 'etag';
import { extendedList, extendedWith, extenderWith, immutableJson, jsonAnswer } from '../../lib/json-bytes.ts';

const jsonBytes = (value: unknown) => jsonAnswer(value).bytes;
import { ImageRef } from '../../domain/files/file-urls.ts';

const TEXTS = [
  '',
  'Développeur',
  'a "quoted" \\ back',
  'ligne\nretour\t',
  '\u2028\u2029',
  '\u0001\u001f',
  '😀 ok',
  'ﬁ',
];
const KEYS = ['id', 'titre', 'relevanceScore', 'entreprise', 'logo', 'competences', 'x', 'é"k', '0'];

describe('jsonBytes (unit, against JSON.stringify)', () => {
  it('writes the very bytes of Buffer.from(JSON.stringify(value)) for 3,000 random answers', () => {
    const r = random(27);
    const leaf = (): unknown =>
      r.pick([
        () => r.pick(TEXTS),
        () => r.int(1e6) / 7,
        () => r.pick([NaN, Infinity, -0, 1e21, -1]),
        () => r.pick([true, false, null, undefined]),
        () => new Date(Date.UTC(2026, r.int(12), 1 + r.int(28))),
        () => new ImageRef(`http://localhost/files/${r.int(99)}`, { small: 'http://localhost/s' }),
        () => () => 'a function',
        () => Symbol('s'),
        () => ({ toJSON: (key: string) => `key ${key}` }),
      ])();
    // One extender for each key list, as the API makes one for each kind of hit.
    const extenders = new Map<string, ReturnType<typeof extenderWith>>();
    const extenderOf = (keys: string[]) => {
      const known = extenders.get(keys.join('\u0000')) ?? extenderWith(keys);
      extenders.set(keys.join('\u0000'), known);
      return known;
    };
    const value = (depth: number): unknown => {
      const roll = r.next();
      if (depth > 6 || roll < 0.35) return leaf();
      if (roll < 0.5) return Array.from({ length: r.int(4) }, () => value(depth + 1));
      if (roll < 0.62) return immutableJson(object(depth));
      if (roll < 0.8) {
        const base = r.next() < 0.8 ? immutableJson(object(depth)) : object(depth);
        return extendedWith(base, object(depth) as Record<string, unknown>);
      }
      if (roll < 0.88) {
        // A list made by extendedList, its extras of one key list or another.
        return extendedList(
          Array.from({ length: r.int(4) }, () => {
            const base = r.next() < 0.8 ? immutableJson(object(depth + 1)) : object(depth + 1);
            const extra = object(depth + 1) as Record<string, unknown>;
            return extenderOf(Object.keys(extra))(base, extra);
          }),
        );
      }
      return object(depth);
    };
    const object = (depth: number) => {
      const o: Record<string, unknown> = {};
      for (let i = r.int(5); i > 0; i--) o[r.pick(KEYS)] = value(depth + 1);
      return o;
    };
    for (let i = 0; i < 3000; i++) {
      const answer = {
        success: true,
        message: 'OK',
        data: { content: [value(2), value(2)], page: value(3) },
      };
      const expected = Buffer.from(JSON.stringify(answer));
      const made = jsonAnswer(answer);
      expect(made.bytes.equals(expected), `${i}: ${expected.toString()}`).to.equal(true);
      // Again: from the kept bytes now, and the same digest.
      const again = jsonAnswer(answer);
      expect(again.bytes.equals(expected), `${i} again`).to.equal(true);
      expect(again.digest, `${i} digest`).to.equal(made.digest);
    }
  });

  it('serializes a shared view once, however many pages show it with another score', () => {
    let serialized = 0;
    const view = immutableJson({
      id: 7,
      titre: 'Comptable',
      publishedAt: { toJSON: () => (serialized++, '2026-11-29') },
    });
    const page = (score: number) => ({ content: [extendedWith(view, { relevanceScore: score })] });
    expect(jsonBytes(page(1.5)).toString()).to.equal(
      '{"content":[{"id":7,"titre":"Comptable","publishedAt":"2026-11-29","relevanceScore":1.5}]}',
    );
    expect(jsonBytes(page(2)).toString()).to.equal(
      '{"content":[{"id":7,"titre":"Comptable","publishedAt":"2026-11-29","relevanceScore":2}]}',
    );
    expect(serialized).to.equal(1);
  });

  it('digests an answer as etag does, and an answer made of kept views by its pieces', () => {
    const plain = { content: [{ id: 1, titre: 'Comptable' }] };
    const bytes = Buffer.from(JSON.stringify(plain));
    expect(`W/"${bytes.length.toString(16)}-${jsonAnswer(plain).digest}"`).to.equal(
      etag(bytes, { weak: true }),
    );

    const view = () => immutableJson({ id: 7, titre: 'Comptable', ville: { nom: 'Douala' } });
    const page = (v: object, score: number) => ({ content: [extendedWith(v, { relevanceScore: score })] });
    const first = jsonAnswer(page(view(), 1.5));
    // The same answer made again, from a view reloaded since (another object, the same content).
    expect(jsonAnswer(page(view(), 1.5)).digest).to.equal(first.digest);
    // Any other byte, another digest: the score, the view, or the same bytes cut elsewhere.
    expect(jsonAnswer(page(view(), 2)).digest).not.to.equal(first.digest);
    const renamed = immutableJson({ id: 7, titre: 'Comptables', ville: { nom: 'Douala' } });
    expect(jsonAnswer(page(renamed, 1.5)).digest).not.to.equal(first.digest);
  });

  it('a list of extended items holds the objects extendedWith makes, written the same way, once each view', () => {
    const scored = extenderWith<{ relevanceScore: number; matchedWords: number | undefined }>([
      'relevanceScore',
      'matchedWords',
    ]);
    const scoredOnly = extenderWith<{ relevanceScore: number }>(['relevanceScore']);
    let serialized = 0;
    const view = (id: number) =>
      immutableJson({
        id,
        titre: 'Comptable "senior"',
        publishedAt: { toJSON: () => (serialized++, '2026-11-29') },
      });
    const views = [view(7), view(8), view(9)];
    const extras = [
      { relevanceScore: 1.5, matchedWords: 2 },
      { relevanceScore: 1.5, matchedWords: undefined },
    ];
    const list = extendedList([
      scored(views[0]!, extras[0]!),
      scored(views[1]!, extras[1]!),
      scoredOnly(views[2]!, { relevanceScore: 0.25 }),
    ]);
    const same = [
      extendedWith(views[0]!, extras[0]!),
      extendedWith(views[1]!, extras[1]!),
      extendedWith(views[2]!, { relevanceScore: 0.25 }),
    ];
    expect(list.map((hit) => Reflect.ownKeys(hit))).to.deep.equal(same.map((hit) => Reflect.ownKeys(hit)));
    expect(list).to.deep.equal(same);
    expect(Object.isFrozen(list)).to.equal(true);
    expect(list.every((hit) => Object.isFrozen(hit))).to.equal(true);
    const page = { data: { content: list } };
    expect(jsonBytes(page).toString()).to.equal(JSON.stringify(page));
    // The same pieces as a page of items marked one by one: the same digest.
    expect(jsonAnswer(page).digest).to.equal(jsonAnswer({ data: { content: same } }).digest);
    // Each view's own bytes were made once (3); JSON.stringify above read each view once more (3).
    expect(serialized).to.equal(3 + 3);
  });

  it('writes an extended item with its own toJSON as JSON.stringify does, and a list grown since as a list', () => {
    const base = immutableJson({ id: 1, toJSON: (key: string) => ({ written: `as ${key}` }) });
    const list = extendedList([
      extenderWith<{ relevanceScore: number }>(['relevanceScore'])(base, { relevanceScore: 1 }),
    ]);
    expect(jsonBytes({ content: list }).toString()).to.equal(JSON.stringify({ content: list }));
    expect(JSON.stringify({ content: list })).to.equal('{"content":[{"written":"as 0"}]}');
    // A copy of the list (sparse fields, a filter) is another list, written as it holds.
    const copy = [...list, { id: 2 }];
    expect(jsonBytes({ content: copy }).toString()).to.equal(JSON.stringify({ content: copy }));
  });

  it('freezes what it writes from kept parts', () => {
    const view = immutableJson({ id: 1 });
    const hit = extendedWith(view, { relevanceScore: 1 });
    expect(Object.isFrozen(view)).to.equal(true);
    expect(Object.isFrozen(hit)).to.equal(true);
    expect(() => {
      (hit as { relevanceScore: number }).relevanceScore = 2;
    }).to.throw(TypeError);
  });
});
