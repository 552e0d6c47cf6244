/**
 * Recommendations: what an offer's free texts say (years of experience, salary floor, language),
 * the candidate's hard filters (contract, salary, remote work, radius), and the digest's week.
 */
import { expect } from 'chai';
import {
  DEFAULT_PREFERENCES,
  languageOf,
  minYearsOf,
  passesHardFilters,
  salaryFloorOf,
  yearsOfLevel,
  type CandidatDoc,
  type OffreDoc,
  type Preferences,
  coverage,
} from '../../domain/recommendations/match.ts';
import { ConceptDictionary, EMPTY_ANALYSED } from '../../domain/recommendations/concepts.ts';
import { weekStartOf } from '../../domain/recommendations/digest-week.ts';
import { diverseOffres } from '../../domain/recommendations/pick-digest-offres.ts';
import { invitationToApplyEmail, weeklyDigestEmail } from '../../domain/recommendations/emails.ts';
import type { Ctx } from '../../domain/context.ts';

const DOUALA = {
  villeId: 1,
  villeNom: 'Douala',
  regionId: 1,
  regionNom: 'Littoral',
  lat: 4.0511,
  lng: 9.7679,
};
const EDEA = { villeId: 2, villeNom: 'Édéa', regionId: 1, regionNom: 'Littoral', lat: 3.8, lng: 10.1333 };
const YAOUNDE = {
  villeId: 3,
  villeNom: 'Yaoundé',
  regionId: 2,
  regionNom: 'Centre',
  lat: 3.848,
  lng: 11.5021,
};

const offre = (over: Partial<OffreDoc> = {}): OffreDoc => ({
  ...DOUALA,
  id: 1,
  entrepriseId: 1,
  entrepriseNom: 'A',
  titre: 'Comptable',
  title: EMPTY_ANALYSED,
  skills: [],
  contractType: 'CDI',
  remotePossible: false,
  salaireMin: 200_000,
  salaireMax: 300_000,
  minYears: null,
  langue: 'fr',
  deadline: Infinity,
  publishedAt: null,
  ...over,
});

const candidat = (prefs: Partial<Preferences> = {}, over: Partial<CandidatDoc> = {}): CandidatDoc => ({
  ...DOUALA,
  id: 1,
  nom: 'N',
  prenom: 'P',
  jobTitle: null,
  title: EMPTY_ANALYSED,
  competences: [],
  skillConcepts: new Set(),
  skillList: [],
  experienceLevelId: null,
  years: null,
  salaireAttendu: null,
  langue: 'fr',
  profilPublic: true,
  prefs: { ...DEFAULT_PREFERENCES, ...prefs },
  ...over,
});

describe('What an offer’s free texts say (unit)', () => {
  it('years of experience: the first number before "ans" or "years", the lower bound of a range', () => {
    expect(minYearsOf('3 ans minimum')).to.equal(3);
    expect(minYearsOf('De 3 à 5 ans d’expérience')).to.equal(3);
    expect(minYearsOf('2-4 years')).to.equal(2);
    expect(minYearsOf('At least 7 yrs in audit')).to.equal(7);
    expect(minYearsOf('Plus de 10 ans')).to.equal(10);
    expect(minYearsOf('Bac+5, 2 ans en cabinet')).to.equal(2);
  });

  it('an age or a degree is not years of experience', () => {
    expect(minYearsOf('Bac+5 exigé')).to.equal(null);
    expect(minYearsOf('Bac + 3 minimum, 4 ans d’expérience')).to.equal(4);
    expect(minYearsOf('25 ans minimum')).to.equal(null);
    expect(minYearsOf('Âgé de 18 ans au moins, 2 ans d’expérience')).to.equal(2);
    expect(minYearsOf('Aged 21 or more')).to.equal(null);
    expect(minYearsOf('Candidats de 30 à 45 ans')).to.equal(null);
    expect(minYearsOf('Expérience : 3')).to.equal(3);
  });

  it('a beginner, junior, internship or "no experience" offer asks 0 years', () => {
    for (const text of [
      'Débutant accepté',
      'Profil junior',
      'Sans expérience',
      'Entry level',
      'Stage de fin d’études',
    ])
      expect(minYearsOf(text), text).to.equal(0);
  });

  it('nothing said: no requirement', () => {
    expect(minYearsOf(null)).to.equal(null);
    expect(minYearsOf('')).to.equal(null);
    expect(minYearsOf('Expérience appréciée')).to.equal(null);
  });

  it('the salary floor of a range is its first amount, whatever the thousands separator', () => {
    expect(salaryFloorOf('150 000 - 200 000 FCFA')).to.equal(150000);
    expect(salaryFloorOf('150.000 à 200.000')).to.equal(150000);
    expect(salaryFloorOf('1,200,000 XAF')).to.equal(1200000);
    expect(salaryFloorOf('À partir de 250000')).to.equal(250000);
  });

  it('an amount said with a word: million, k, mille, with a decimal comma or point', () => {
    expect(salaryFloorOf('1,5 million FCFA')).to.equal(1_500_000);
    expect(salaryFloorOf('Entre 1.2 et 2 millions')).to.equal(1_200_000);
    expect(salaryFloorOf('2M XAF')).to.equal(2_000_000);
    expect(salaryFloorOf('150k - 200k')).to.equal(150_000);
    expect(salaryFloorOf('300 mille par mois')).to.equal(300_000);
    expect(salaryFloorOf('150 000 mensuel')).to.equal(150_000);
  });

  it('no amount, or 0, is no floor', () => {
    expect(salaryFloorOf(null)).to.equal(null);
    expect(salaryFloorOf('À négocier')).to.equal(null);
    expect(salaryFloorOf('0')).to.equal(null);
  });

  it('an offer is in English when English small words outnumber French ones; French when in doubt', () => {
    expect(
      languageOf('We are looking for an accountant to join our team and you will report to the CFO'),
    ).to.equal('en');
    expect(
      languageOf('Nous recherchons un comptable pour la gestion de la paie et des déclarations'),
    ).to.equal('fr');
    expect(languageOf('Comptable SAGE')).to.equal('fr');
    expect(languageOf('the le')).to.equal('fr');
  });

  it('experience levels 1 to 5 are year ranges; an unknown level is none', () => {
    expect([1, 2, 3, 4, 5].map(yearsOfLevel)).to.deep.equal([
      [0, 1],
      [1, 3],
      [3, 5],
      [5, 10],
      [10, 40],
    ]);
    expect(yearsOfLevel(null)).to.equal(null);
    expect(yearsOfLevel(6)).to.equal(null);
  });
});

describe('A candidate’s hard filters (unit)', () => {
  it('with default preferences every offer passes', () => {
    expect(
      passesHardFilters(
        candidat(),
        offre({ ...YAOUNDE, contractType: 'STAGE', salaireMin: null, salaireMax: null }),
      ),
    ).to.equal(true);
  });

  it('contract types, when chosen, must include the offer’s', () => {
    expect(passesHardFilters(candidat({ contractTypes: ['CDD', 'CDI'] }), offre())).to.equal(true);
    expect(passesHardFilters(candidat({ contractTypes: ['STAGE'] }), offre())).to.equal(false);
    expect(passesHardFilters(candidat({ contractTypes: [] }), offre())).to.equal(true);
  });

  it('a minimum salary refuses offers whose top (the maximum, else the minimum) is below it; an offer without salary passes', () => {
    expect(passesHardFilters(candidat({ salaireMin: 300_000 }), offre())).to.equal(true);
    expect(passesHardFilters(candidat({ salaireMin: 300_001 }), offre())).to.equal(false);
    expect(passesHardFilters(candidat({ salaireMin: 250_000 }), offre({ salaireMax: null }))).to.equal(false);
    expect(
      passesHardFilters(candidat({ salaireMin: 900_000 }), offre({ salaireMin: null, salaireMax: null })),
    ).to.equal(true);
  });

  it('"remote only" refuses offers without remote work', () => {
    expect(passesHardFilters(candidat({ teletravail: 'EXCLUSIF' }), offre())).to.equal(false);
    expect(
      passesHardFilters(candidat({ teletravail: 'EXCLUSIF' }), offre({ remotePossible: true })),
    ).to.equal(true);
  });

  it('a radius keeps offers in the candidate’s city or within that many km of it', () => {
    const c = candidat({ rayonKm: 100 });
    expect(passesHardFilters(c, offre())).to.equal(true);
    expect(passesHardFilters(c, offre(EDEA))).to.equal(true);
    expect(passesHardFilters(c, offre(YAOUNDE))).to.equal(false);
    expect(passesHardFilters(candidat({ rayonKm: 200 }), offre(YAOUNDE))).to.equal(true);
  });

  it('with a radius, an offer without a city, or a city without coordinates, is out of reach', () => {
    const c = candidat({ rayonKm: 100 });
    expect(passesHardFilters(c, offre({ villeId: null, lat: null, lng: null }))).to.equal(false);
    expect(passesHardFilters(c, offre({ ...EDEA, lat: null, lng: null }))).to.equal(false);
  });

  it('a remote offer is within reach of a candidate who wants remote work, not of one indifferent to it', () => {
    expect(
      passesHardFilters(
        candidat({ rayonKm: 50, teletravail: 'SOUHAITE' }),
        offre({ ...YAOUNDE, remotePossible: true }),
      ),
    ).to.equal(true);
    expect(
      passesHardFilters(candidat({ rayonKm: 50 }), offre({ ...YAOUNDE, remotePossible: true })),
    ).to.equal(false);
  });

  it('a candidate without a city has no radius to apply', () => {
    expect(
      passesHardFilters(candidat({ rayonKm: 10 }, { villeId: null, lat: null, lng: null }), offre(YAOUNDE)),
    ).to.equal(true);
  });
});

describe('The week of a digest (unit)', () => {
  it('is the Monday of the week on the Cameroon calendar', () => {
    expect(weekStartOf(new Date('2026-11-25T12:00:00Z'))).to.equal('2026-11-23'); // a Wednesday
    expect(weekStartOf(new Date('2026-11-23T00:30:00Z'))).to.equal('2026-11-23'); // Monday
    expect(weekStartOf(new Date('2026-11-29T22:00:00Z'))).to.equal('2026-11-23'); // Sunday 23:00 in Douala
  });

  it('Sunday 23:00 UTC is already Monday in Douala: a new week', () => {
    expect(weekStartOf(new Date('2026-11-29T23:00:00Z'))).to.equal('2026-11-30');
  });

  it('a week across the new year starts in December', () => {
    expect(weekStartOf(new Date('2027-01-01T12:00:00Z'))).to.equal('2026-12-28');
  });
});

describe('The weekly digest email’s links (unit)', () => {
  const input = {
    to: 'a@example.cm',
    langue: 'fr' as const,
    prenom: 'Aline',
    offres: [{ id: 7, titre: 'Comptable', entrepriseNom: 'Wouri SA', ville: 'Douala', matchedSkills: [] }],
    unsubscribeUrl: 'https://api.example.cm/v1/api/public/notifications/unsubscribe?token=t',
  };
  const ctxWith = (frontendUrl: string | null) =>
    ({ config: { publicUrl: 'https://api.example.cm', frontendUrl } }) as unknown as Ctx;

  it('with a frontend: its recommendations and preferences pages', () => {
    const email = weeklyDigestEmail(ctxWith('https://emplois.example.cm'), input);
    expect(email.text).to.contain('https://emplois.example.cm/candidats/me/recommandations');
    expect(email.text).to.contain('https://emplois.example.cm/candidats/me/recommandations/preferences');
  });

  it('without one: the public list of offers, never an API address that wants a token', () => {
    const email = weeklyDigestEmail(ctxWith(null), input);
    expect(email.text).to.contain('https://api.example.cm/emplois');
    expect(email.text).to.contain(input.unsubscribeUrl);
    expect(email.text).to.not.contain('/v1/api/candidats/');
    expect(JSON.stringify(email.layout)).to.not.contain('/v1/api/candidats/');
  });
});

describe('The invitation to apply’s way out (unit)', () => {
  const input = {
    to: 'a@example.cm',
    langue: 'fr' as const,
    prenom: 'Aline',
    nomEntreprise: 'Wouri SA',
    offre: { id: 7, titre: 'Comptable' },
    message: null,
    replyTo: 'rh@wouri.cm',
    unsubscribeUrl: 'https://api.example.cm/v1/api/public/notifications/unsubscribe?token=t',
  };
  const ctxWith = (frontendUrl: string | null) =>
    ({ config: { publicUrl: 'https://api.example.cm', frontendUrl } }) as unknown as Ctx;

  it('carries the one-click link in its footer and its List-Unsubscribe headers, beside Reply-To', () => {
    const email = invitationToApplyEmail(ctxWith(null), input);
    expect(email.text).to.contain('Ne plus recevoir d’invitation à postuler');
    expect(email.text).to.contain(input.unsubscribeUrl);
    expect(email.headers).to.deep.equal({
      'Reply-To': 'rh@wouri.cm',
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // No API address that wants a token.
    expect(JSON.stringify(email)).to.not.contain('/v1/api/candidats/');
  });

  it('with a frontend, also its preferences page', () => {
    const email = invitationToApplyEmail(ctxWith('https://emplois.example.cm'), input);
    expect(email.text).to.contain('https://emplois.example.cm/candidats/me/recommandations/preferences');
    expect(email.text).to.contain(input.unsubscribeUrl);
  });
});

describe('The offers of a digest, across companies (unit)', () => {
  const ranked = (companies: number[]) =>
    companies.map((entrepriseId, i) => ({ id: i + 1, doc: { entrepriseId } }));
  const ids = (list: { id: number }[]) => list.map((r) => r.id);

  it('lists at most three offers of one company while other companies wait, in ranking order', () => {
    // Six of the best eight are company 1's: three of them, then the others' best.
    const list = ranked([1, 1, 1, 1, 2, 1, 1, 3, 4, 5, 6]);
    expect(ids(diverseOffres(list, 8))).to.deep.equal([1, 2, 3, 5, 8, 9, 10, 11]);
  });

  it('fills the places left with the best of the rest when few companies have offers', () => {
    expect(ids(diverseOffres(ranked([1, 1, 1, 1, 1, 2]), 5))).to.deep.equal([1, 2, 3, 4, 6]);
    expect(ids(diverseOffres(ranked([7, 7, 7, 7, 7, 7, 7, 7, 7, 7]), 8))).to.have.length(8);
  });
});

describe('Recommendations: a title word met through a synonym group (unit)', () => {
  it('counts as much as the group tells, not as much as the rarer word itself', () => {
    const dictionary = new ConceptDictionary([{ id: 1, terms: ['manager', 'responsable'] }]);
    const titles = [
      ...Array.from({ length: 8 }, (_, i) => `Responsable ${['achats', 'paie', 'qualité', 'stock'][i % 4]}`),
      'Responsable logistique',
      'Manager logistique',
      'Chauffeur',
      'Comptable',
    ].map((t) => dictionary.title(t));
    // Document frequency over these titles, as the engine's index counts it: a title holds a concept once.
    const df = new Map<number, number>();
    for (const t of titles) for (const id of new Set(t.words.flat())) df.set(id, (df.get(id) ?? 0) + 1);
    const idf = (c: number) => Math.log(1 + titles.length / (1 + (df.get(c) ?? 0)));
    const wanted = dictionary.title('Manager logistique');
    const literal = coverage(wanted, dictionary.title('Manager logistique'), idf);
    const throughGroup = coverage(wanted, dictionary.title('Responsable logistique'), idf);
    const logistiqueOnly = coverage(wanted, dictionary.title('Agent logistique'), idf);
    expect(literal).to.equal(1);
    // "manager" is in 1 title of 12, its group in 10: met through "responsable", it weighs what that word does.
    expect(throughGroup).to.be.below(literal);
    expect(throughGroup).to.be.above(logistiqueOnly);
    const [managerIds] = wanted.words;
    const expected =
      (idf(wanted.words[1]![0]!) + idf(managerIds![1]!)) / (idf(managerIds![0]!) + idf(wanted.words[1]![0]!));
    expect(throughGroup).to.be.closeTo(expected, 1e-9);
  });
});
