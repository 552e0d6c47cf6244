/**
 * Differential test of the search index at full size (slow tier, 10 to 20 s on two cores):
 * 600 generated queries over 3,000 generated offers must give exactly the matches, scores,
 * matched words and order of a brute-force scan (test/helpers/search-differential.ts). The fast
 * tier runs the same check smaller (test/unit/search-differential.test.ts).
 */
import { expect } from 'chai';
import { runSearchDifferential } from '../helpers/search-differential.ts';

describe('Search index against a brute-force scan (scale, differential)', () => {
  it('gives exactly the brute-force matches, scores and order for 600 queries over 3,000 offers', function () {
    this.timeout(600_000);
    const { nonEmpty, partial } = runSearchDifferential({ offres: 3000, queries: 600 });
    // The generated queries must exercise the index, not only agree on empty answers.
    expect(nonEmpty).to.be.greaterThan(300);
    expect(partial).to.be.greaterThan(30);
  });
});
