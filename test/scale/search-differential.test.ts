/**
 * Differential test of the search index at full size (slow tier, 20 to 40 s on two cores):
 * 1,000 generated queries over 5,000 generated offers must give exactly the matches, scores,
 * matched words and order of a brute-force scan (test/helpers/search-differential.ts). The fast
 * tier runs the same check smaller (test/unit/search-differential.test.ts).
 */
import { expect } from 'chai';
import { runSearchDifferential } from '../helpers/search-differential.ts';

describe('Search index against a brute-force scan (scale, differential)', () => {
  it('gives exactly the brute-force matches, scores and order for 1,000 queries over 5,000 offers', function () {
    this.timeout(600_000);
    const { nonEmpty, partial } = runSearchDifferential({ offres: 5000, queries: 1000 });
    // The generated queries must exercise the index, not only agree on empty answers.
    expect(nonEmpty).to.be.greaterThan(500);
    expect(partial).to.be.greaterThan(50);
  });
});
