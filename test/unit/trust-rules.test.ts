/**
 * Trust: which text of an offer the scam rules read, when candidates' reports hide an offer, and
 * company verification by domain (the web site's host, and a proof sent to an address on it).
 */
import { expect } from 'chai';
import { emailOnDomain, isFreeMailDomain, siteDomain } from '../../domain/trust/entreprise-domain.ts';
import { reportsHideOffre } from '../../domain/trust/report-threshold.ts';
import { offreText } from '../../domain/trust/offre-moderation.ts';

describe('What the scam rules read of an offer (unit)', () => {
  it('title, department, place, experience, each skill and the description, one a line, blanks left out', () => {
    expect(
      offreText({
        titre: 'Caissier',
        departement: '  ',
        localisation: 'Douala',
        experience: null,
        competences: ['Caisse', ''],
        description: 'Frais de dossier : 10 000 FCFA',
      }),
    ).to.equal('Caissier\nDouala\nCaisse\nFrais de dossier : 10 000 FCFA');
  });
});

describe('Offers hidden by reports (unit)', () => {
  it('an offer stays visible while its open reports are fewer than the threshold', () => {
    expect(reportsHideOffre(['ASKS_FOR_MONEY', 'ASKS_FOR_MONEY'], 3)).to.equal(null);
    expect(reportsHideOffre([], 1)).to.equal(null);
  });

  it('the report that reaches the threshold hides it, saying REPORTED then each reason once', () => {
    expect(reportsHideOffre(['ASKS_FOR_MONEY', 'FAKE_COMPANY', 'ASKS_FOR_MONEY'], 3)).to.deep.equal([
      'REPORTED',
      'ASKS_FOR_MONEY',
      'FAKE_COMPANY',
    ]);
    expect(
      reportsHideOffre(['ASKS_FOR_MONEY', 'ASKS_FOR_MONEY', 'ASKS_FOR_MONEY', 'MISLEADING'], 3),
    ).to.deep.equal(['REPORTED', 'ASKS_FOR_MONEY', 'MISLEADING']);
  });
});

describe('Company domain verification rules (unit)', () => {
  it('the domain is the web site’s host, lower-cased, without www., with or without a scheme', () => {
    expect(siteDomain('https://www.Orange.cm/fr/')).to.equal('orange.cm');
    expect(siteDomain('mtn.cm')).to.equal('mtn.cm');
    expect(siteDomain('http://carrieres.societe.cm:8080/x')).to.equal('carrieres.societe.cm');
  });

  it('a site without a dotted host is not a domain', () => {
    expect(siteDomain('localhost')).to.equal(null);
    expect(siteDomain('http://')).to.equal(null);
    expect(siteDomain('pas un site')).to.equal(null);
  });

  it('the proof may go to an address on the domain or one of its subdomains', () => {
    expect(emailOnDomain('rh@orange.cm', 'orange.cm')).to.equal(true);
    expect(emailOnDomain('rh@mail.orange.cm', 'orange.cm')).to.equal(true);
  });

  it('not to a look-alike domain, another domain, or a text without @', () => {
    expect(emailOnDomain('rh@fakeorange.cm', 'orange.cm')).to.equal(false);
    expect(emailOnDomain('rh@orange.cm.evil.com', 'orange.cm')).to.equal(false);
    expect(emailOnDomain('rh@gmail.com', 'orange.cm')).to.equal(false);
    expect(emailOnDomain('orange.cm', 'orange.cm')).to.equal(false);
    expect(emailOnDomain('@orange.cm', 'orange.cm')).to.equal(false);
  });

  it('a free email provider’s domain proves nothing: anyone gets an address there', () => {
    for (const domain of ['gmail.com', 'yahoo.fr', 'Hotmail.FR', 'outlook.com', 'icloud.com', 'gmx.fr'])
      expect(isFreeMailDomain(domain), domain).to.equal(true);
    for (const domain of ['orange.cm', 'mtn.cm', 'exemple-sa.cm', 'carrieres.societe.cm'])
      expect(isFreeMailDomain(domain), domain).to.equal(false);
  });
});
