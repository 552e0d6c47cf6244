/**
 * One-line test data. Each factory inserts what a finished sign-up would leave (verified email,
 * ACTIVE recruiter...) unless told otherwise, and returns ids plus a bearer token when asked.
 */
import type { Knex } from 'knex';
import { hashPassword } from '../../lib/passwords.ts';
import { issueTokenPair } from '../../domain/auth/issue-tokens.ts';
import type { Role } from '../../models/account.ts';
import type { RecruteurStatus, EntrepriseRole } from '../../models/recruteur.ts';
import type { ContractType, OffreStatus } from '../../models/offre.ts';
import type { Plan } from '../../models/entreprise.ts';
import { testDb } from './env.ts';
import { domainCtx } from './app.ts';
import { unique, uniqueEmail } from './unique.ts';

export const DEFAULT_PASSWORD = 'Motdepasse123!';
let passwordHash: Promise<string> | null = null;
const defaultHash = () => (passwordHash ??= hashPassword(DEFAULT_PASSWORD));

export interface TestAccount {
  id: number;
  email: string;
  role: Role;
  password: string;
  token: string;
  refreshToken: string;
  auth: { Authorization: string };
}

async function createAccount(
  db: Knex,
  role: Role,
  opts: { email?: string; verified?: boolean; enabled?: boolean },
): Promise<{ id: number; email: string }> {
  const email = (opts.email ?? uniqueEmail(role.toLowerCase())).toLowerCase();
  const [id] = await db('accounts').insert({
    email,
    passwordHash: await defaultHash(),
    role,
    enabled: opts.enabled ?? true,
    emailVerifiedAt: opts.verified === false ? null : new Date(),
  });
  return { id, email };
}

export async function tokensFor(account: { id: number; email: string; role: Role }): Promise<TestAccount> {
  const pair = await issueTokenPair(domainCtx(), account);
  return {
    ...account,
    password: DEFAULT_PASSWORD,
    token: pair.accessToken,
    refreshToken: pair.refreshToken,
    auth: { Authorization: `Bearer ${pair.accessToken}` },
  };
}

export async function createCandidat(
  opts: {
    email?: string;
    verified?: boolean;
    enabled?: boolean;
    profilPublic?: boolean;
    nom?: string;
    prenom?: string;
  } = {},
): Promise<TestAccount> {
  const db = testDb();
  const { id, email } = await createAccount(db, 'CANDIDAT', opts);
  await db('candidates').insert({
    id,
    nom: opts.nom ?? 'Mbarga',
    prenom: opts.prenom ?? 'Aline',
    telephone: '+237690000000',
    profilPublic: opts.profilPublic ?? false,
    country: 'Cameroun',
  });
  return tokensFor({ id, email, role: 'CANDIDAT' });
}

export async function createAdmin(opts: { email?: string; superAdmin?: boolean } = {}): Promise<TestAccount> {
  const db = testDb();
  const role: Role = opts.superAdmin ? 'SUPER_ADMIN' : 'ADMIN';
  const { id, email } = await createAccount(db, role, opts);
  await db('admins').insert({ id, nom: 'Admin', prenom: 'Test', niveauAcces: role });
  return tokensFor({ id, email, role });
}

export async function createEntreprise(
  opts: { nom?: string; plan?: Plan; secteurActiviteId?: number | null; villeId?: number | null } = {},
): Promise<number> {
  const db = testDb();
  const secteur =
    opts.secteurActiviteId === undefined
      ? await db('secteursActivite').first('id')
      : { id: opts.secteurActiviteId };
  const ville =
    opts.villeId === undefined
      ? await db('villes').where({ slug: 'douala' }).first('id')
      : { id: opts.villeId };
  const [id] = await db('entreprises').insert({
    nomEntreprise: opts.nom ?? unique('Entreprise '),
    secteurActiviteId: secteur?.id ?? null,
    adresseVilleId: ville?.id ?? null,
    plan: opts.plan ?? 'GRATUIT',
    description: 'Entreprise de test',
  });
  return id;
}

export interface TestRecruteur extends TestAccount {
  entrepriseId: number;
}

export async function createRecruteur(
  opts: {
    email?: string;
    entrepriseId?: number;
    status?: RecruteurStatus;
    companyRole?: EntrepriseRole;
    plan?: Plan;
    verified?: boolean;
  } = {},
): Promise<TestRecruteur> {
  const db = testDb();
  const entrepriseId = opts.entrepriseId ?? (await createEntreprise({ plan: opts.plan }));
  const { id, email } = await createAccount(db, 'RECRUTEUR', opts);
  await db('recruiters').insert({
    id,
    entrepriseId,
    nom: 'Nkoulou',
    prenom: 'Paul',
    telephone: '+237677000000',
    posteOccupe: 'DRH',
    status: opts.status ?? 'ACTIVE',
    companyRole: opts.companyRole ?? (opts.entrepriseId ? 'MEMBER' : 'OWNER'),
  });
  return { ...(await tokensFor({ id, email, role: 'RECRUTEUR' })), entrepriseId };
}

export async function createOffre(
  recruteur: { id: number; entrepriseId: number },
  opts: {
    titre?: string;
    status?: OffreStatus;
    contractType?: ContractType;
    description?: string;
    competences?: string[];
    salaireMin?: number | null;
    salaireMax?: number | null;
    villeSlug?: string;
    deadline?: string | null;
    remotePossible?: boolean;
    publishedAt?: Date;
  } = {},
): Promise<number> {
  const db = testDb();
  const ville = await db('villes')
    .where({ slug: opts.villeSlug ?? 'douala' })
    .first('id', 'nom');
  const status = opts.status ?? 'PUBLISHED';
  const competences = opts.competences ?? ['Communication'];
  const row = {
    entrepriseId: recruteur.entrepriseId,
    recruteurId: recruteur.id,
    titre: opts.titre ?? 'Comptable confirmé',
    departement: 'Finance',
    localisation: ville?.nom ?? 'Douala',
    villeId: ville?.id ?? null,
    contractType: opts.contractType ?? 'CDI',
    description: opts.description ?? 'Poste de test',
    experience: '3 ans',
    competences: JSON.stringify(competences),
    competencesText: competences.join(' '),
    salaireMin: opts.salaireMin === undefined ? 300000 : opts.salaireMin,
    salaireMax: opts.salaireMax === undefined ? 500000 : opts.salaireMax,
    remotePossible: opts.remotePossible ?? false,
    deadline: opts.deadline === undefined ? null : opts.deadline,
    status,
    publishedAt: status === 'DRAFT' ? null : (opts.publishedAt ?? new Date()),
  };
  const [id] = await db('offres').insert(row);
  return id;
}
