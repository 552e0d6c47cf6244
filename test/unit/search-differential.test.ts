/**
 * Differential test of the search index, fast tier: 300 generated queries over 1,000 generated
 * offers must give exactly the matches, scores, matched words and order of a brute-force scan
 * (test/helpers/search-differential.ts). The slow tier runs 1,000 queries over 5,000 offers
 * (test/scale/search-differential.test.ts).
 */
import { expect } from 'chai';
import { runSearchDifferential } from '../helpers/search-differential.ts';

describe('Search index against a brute-force scan (unit, differential)', () => {
  it('gives exactly the brute-force matches, scores and order for 300 queries over 1,000 offers', function () {
    this.timeout(120_000);
    const queries = 300;
    const { nonEmpty, partial, related, named, companies } = runSearchDifferential({ offres: 1000, queries });
    // The generated queries must exercise the index, not only agree on empty answers.
    expect(nonEmpty).to.be.greaterThan(queries / 2);
    expect(partial).to.be.greaterThan(queries / 20);
    expect(related).to.be.greaterThan(queries / 50);
    // Some partial answers are completed by the company's name.
    expect(named).to.be.greaterThan(queries / 50);
    // And some name a company whole.
    expect(companies).to.be.greaterThan(2);
  });
});
