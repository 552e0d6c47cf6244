import { expect } from 'chai';
import { seededRandom as random } from '../helpers/seeded-random.ts';
import etag from 'etag';
import { extendedWith, extenderWith, immutableJson, jsonAnswer } from '../../lib/json-bytes.ts';

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
    const value = (depth: number): unknown => {
      const roll = r.next();
      if (depth > 6 || roll < 0.35) return leaf();
      if (roll < 0.5) return Array.from({ length: r.int(4) }, () => value(depth + 1));
      if (roll < 0.62) return immutableJson(object(depth));
      if (roll < 0.8) {
        const base = r.next() < 0.8 ? immutableJson(object(depth)) : object(depth);
        return extendedWith(base, object(depth) as Record<string, unknown>);
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

  it('an extender for known keys makes the objects extendedWith makes, written the same way', () => {
    const scored = extenderWith<{ relevanceScore: number; matchedWords: number | undefined }>([
      'relevanceScore',
      'matchedWords',
    ]);
    let serialized = 0;
    const view = immutableJson({
      id: 7,
      titre: 'Comptable "senior"',
      publishedAt: { toJSON: () => (serialized++, '2026-11-29') },
    });
    for (const matchedWords of [2, undefined]) {
      const extra = { relevanceScore: 1.5, matchedWords };
      const hit = scored(view, extra);
      const same = extendedWith(view, extra);
      expect(Reflect.ownKeys(hit)).to.deep.equal(Reflect.ownKeys(same));
      expect(Object.isFrozen(hit)).to.equal(true);
      const page = { content: [hit] };
      expect(jsonBytes(page).toString()).to.equal(JSON.stringify(page));
      expect(jsonAnswer(page).digest).to.equal(jsonAnswer({ content: [same] }).digest);
    }
    // The view's own bytes were made once; JSON.stringify above read it each time.
    expect(serialized).to.equal(1 + 2);
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
