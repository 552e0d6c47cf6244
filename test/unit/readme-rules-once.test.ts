import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { loadConfig } from '../../lib/config.ts';
import { allRoutes } from '../../api/routes/index.ts';
import { buildOpenApi } from '../../api/openapi.ts';

/**
 * A business rule is written once: a route's description (what `/docs` shows) or README, not both,
 * and a file's doc comments point to the route rather than restate it. Neither may copy one of the
 * route descriptions' sentences. Short phrases
 * ("paginated", "public, no token") are shared vocabulary, so only sentences of 40 characters or
 * more count.
 */
const SHORTEST_RULE = 40;
/** Where the code's doc comments are (git pathspecs match every depth). */
const CODE = ['api', 'cli', 'jobs', 'lib', 'domain', 'engines', 'models'];

function plain(text: string): string {
  return text.replace(/[`*_]/g, '').replace(/\s+/g, ' ').toLowerCase();
}

function routeSentences(): Set<string> {
  const config = loadConfig({});
  const document = buildOpenApi(allRoutes(config), config.publicUrl);
  const sentences = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if ((key === 'description' || key === 'summary') && typeof inner === 'string') {
          for (const sentence of sentencesOf(inner)) sentences.add(sentence);
        } else visit(inner);
      }
    }
  };
  visit(document);
  return sentences;
}

/** Sentences and clauses: split after `.`, `;` or `:` followed by a space. */
function sentencesOf(text: string): string[] {
  return plain(text)
    .split(/(?<=[.;:])\s+/)
    .map((sentence) => sentence.replace(/[.;:]$/, '').trim())
    .filter((sentence) => sentence.length >= SHORTEST_RULE);
}

describe('README and the route descriptions: each rule written once', () => {
  it('README copies no sentence of a route description', () => {
    const readme = plain(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));
    const copied = [...routeSentences()].filter((sentence) => readme.includes(sentence));
    expect(copied, 'say it in one place: the route description, or README pointing to /docs').to.deep.equal(
      [],
    );
  });

  it('no doc comment of the code copies a sentence of a route description', () => {
    const root = new URL('../../', import.meta.url);
    const files = execFileSync('git', ['ls-files', '--', ...CODE.map((dir) => `${dir}/*.ts`)], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    const sentences = [...routeSentences()];
    const copies: string[] = [];
    for (const file of files) {
      const comments = readFileSync(new URL(file, root), 'utf8').match(/^\s*\/\*\*[\s\S]*?\*\//gm) ?? [];
      const text = plain(
        comments
          .join(' ')
          .replace(/^\s*\*(?!\/)/gm, ' ')
          .replace(/\/\*\*|\*\//g, ' '),
      );
      for (const sentence of sentences) if (text.includes(sentence)) copies.push(`${file}: ${sentence}`);
    }
    expect(copies, 'point to the route instead of restating its rule').to.deep.equal([]);
  });

  it('would catch a copied sentence', () => {
    const [sentence] = routeSentences();
    expect(sentence).to.be.a('string');
    const readme = plain(`Intro. ${sentence!.toUpperCase()}. More.`);
    expect(readme.includes(sentence!)).to.equal(true);
  });
});
