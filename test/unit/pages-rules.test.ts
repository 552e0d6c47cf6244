/** The public HTML pages: page sizes, and which contract filters an address may carry. */
import { expect } from 'chai';
import { isContractType, LIST_PAGE_SIZE } from '../../domain/pages/offre-list-page.ts';
import { ENTREPRISE_PAGE_SIZE } from '../../domain/pages/entreprise-page.ts';

describe('Public page rules (unit)', () => {
  it('the list of offers and a company’s page show 20 offers a page', () => {
    expect(LIST_PAGE_SIZE).to.equal(20);
    expect(ENTREPRISE_PAGE_SIZE).to.equal(20);
  });

  it('a contract filter in the address counts only when it names a contract type, as written in the API', () => {
    for (const t of ['CDI', 'CDD', 'FREELANCE', 'STAGE']) expect(isContractType(t), t).to.equal(true);
    for (const t of ['cdi', 'INTERIM', '', 'toString']) expect(isContractType(t), t).to.equal(false);
  });
});
