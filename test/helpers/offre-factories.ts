/** Offers and applications for the offers/applications tests: bodies, API shortcuts, counter checks. */
import { expect } from 'chai';
import { agent } from './app.ts';
import { testDb } from './env.ts';
import { createEntreprise, createRecruteur, type TestAccount, type TestRecruteur } from './factories.ts';
import { unique } from './unique.ts';
import type { Plan } from '../../models/entreprise.ts';

export const OFFRE_KEYS = [
  'id',
  'titre',
  'departement',
  'localisation',
  'villeId',
  'contractType',
  'description',
  'experience',
  'competences',
  'salaireMin',
  'salaireMax',
  'remotePossible',
  'deadline',
  'status',
  'publishedAt',
  'createdAt',
  'updatedAt',
  'entreprise',
  'recruteurId',
  'recruteurNom',
  'recruteurEmail',
  'totalCandidatures',
  'nouveaux',
  'enCours',
  'rencontres',
  'refuses',
  'embauches',
  'arencontrer',
];

export const APPLICATION_ITEM_KEYS = [
  'id',
  'status',
  'dateCandidature',
  'lastActionDate',
  'candidatId',
  'candidatNom',
  'candidatPrenom',
  'candidatEmail',
  'candidatPhotoUrl',
  'candidatJobTitle',
  'candidatExperienceLevelId',
  'hasCv',
  'cvFileId',
  'cvUrl',
  'candidatEmploymentStatus',
  'candidatAvailability',
  'candidatQualificationLevel',
  'candidatSalaryRange',
  'candidatCity',
  'candidatCountry',
  'candidatTelephone',
  'offreEmploiId',
  'offreTitre',
  'entrepriseNom',
  'entrepriseLogoUrl',
];

/** A word no other test's offer contains: letters only, so FULLTEXT sees one token. */
export function uniqueWord(prefix = 'zq'): string {
  const digits = unique('').replace(/[^0-9a-z]/g, '');
  return `${prefix}${[...digits].map((c) => String.fromCharCode(97 + (parseInt(c, 36) % 26))).join('')}`;
}

export function offreBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    titre: 'Développeur backend Node.js',
    departement: 'Informatique',
    contractType: 'CDI',
    description: 'Vous concevrez nos API de paiement mobile.',
    experience: '3 ans',
    competences: ['Node.js', 'MySQL', 'TypeScript'],
    salaireMin: 400000,
    salaireMax: 700000,
    remotePossible: true,
    ...overrides,
  };
}

export async function createDraft(
  recruteur: TestAccount,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const res = await agent().post('/v1/api/offres').set(recruteur.auth).send(offreBody(overrides)).expect(200);
  return res.body.data.id as number;
}

/** A recruiter of a company on a plan that never limits publishing in tests unless asked. */
export async function recruteurWithPlan(
  plan: Plan = 'ENTREPRISE',
  opts: { secteurActiviteId?: number | null; nom?: string } = {},
): Promise<TestRecruteur> {
  const entrepriseId = await createEntreprise({
    plan,
    secteurActiviteId: opts.secteurActiviteId,
    nom: opts.nom,
  });
  return createRecruteur({ entrepriseId, companyRole: 'OWNER' });
}

export async function publishedOffre(
  recruteur: TestAccount,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const id = await createDraft(recruteur, overrides);
  await agent().post(`/v1/api/offres/${id}/publish`).set(recruteur.auth).expect(200);
  return id;
}

export async function applyTo(candidat: TestAccount, offreId: number): Promise<number> {
  const res = await agent().post('/v1/api/candidatures').set(candidat.auth).send({ offreId }).expect(200);
  return res.body.data.id as number;
}

export async function newSecteur(): Promise<number> {
  const [id] = await testDb()('secteursActivite').insert({ nom: unique('Secteur '), description: 'test' });
  return id;
}

const COUNTER_OF: Record<string, string> = {
  NEW: 'nouveaux',
  IN_PROGRESS: 'enCours',
  TO_MEET: 'arencontrer',
  MET: 'rencontres',
  HIRED: 'embauches',
  REJECTED: 'refuses',
};

/** The offer's counter columns equal a COUNT(*) GROUP BY status of its applications. */
export async function expectCountersExact(offreId: number): Promise<Record<string, number>> {
  const db = testDb();
  const offre = await db('offres').where({ id: offreId }).first();
  const rows = (await db('candidatures')
    .where({ offreId })
    .groupBy('status')
    .select('status', db.raw('COUNT(*) as n'))) as {
    status: string;
    n: number;
  }[];
  const counted: Record<string, number> = {
    nouveaux: 0,
    enCours: 0,
    arencontrer: 0,
    rencontres: 0,
    embauches: 0,
    refuses: 0,
  };
  let total = 0;
  for (const r of rows) {
    counted[COUNTER_OF[r.status]] = Number(r.n);
    total += Number(r.n);
  }
  const stored = Object.fromEntries(Object.keys(counted).map((k) => [k, offre[k] as number]));
  expect(stored).to.deep.equal(counted);
  expect(offre.totalCandidatures).to.equal(total);
  return { ...counted, totalCandidatures: total };
}
