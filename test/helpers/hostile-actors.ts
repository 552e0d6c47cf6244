/**
 * Who sends the hostile requests of an operation, and real ids it owns for the path parameters, so
 * that schema-valid hostile values (huge text, SQL or HTML fragments, extreme numbers) reach the
 * domain code and the database instead of stopping at a 404. Each operation gets a fresh caller
 * and fresh objects: a destructive case on one operation cannot blind another.
 *
 * Rows written here stay inert for the job tests that run later: webhook deliveries are FAILED
 * (not due), events are marked dispatched, imports are DONE, and `cleanupHostileRows` deletes the
 * subscriptions and switches the alerts off.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Access } from '../../api/http/route.ts';
import type { Role } from '../../models/account.ts';
import { testDb, testDeps } from './env.ts';
import {
  createAdmin,
  createCandidat,
  createEntreprise,
  createOffre,
  createRecruteur,
  type TestAccount,
  type TestRecruteur,
} from './factories.ts';
import { unique, uniqueEmail } from './unique.ts';
import { pdfBuffer } from './file-fixtures.ts';

export interface HostileActor {
  role: Role | 'anonymous';
  account: TestAccount | null;
  /** The recruiter's company when the caller is a recruiter. */
  entrepriseId: number | null;
}

const subscriptions = new Set<number>();
const alerts = new Set<number>();
const accounts = new Set<number>();
const entreprises = new Set<number>();

/** The role that reaches deepest into a route: a company OWNER for recruiter routes. */
export function callerRoleFor(access: Access): Role | 'anonymous' {
  if (access === 'public') return 'anonymous';
  if (access === 'optional') return 'CANDIDAT';
  for (const role of ['RECRUTEUR', 'CANDIDAT', 'ADMIN', 'SUPER_ADMIN'] as const)
    if (access.includes(role)) return role;
  return access[0];
}

export async function ownerRecruteur(): Promise<TestRecruteur> {
  const entrepriseId = await createEntreprise({ plan: 'ENTREPRISE' });
  return createRecruteur({ entrepriseId, companyRole: 'OWNER', status: 'ACTIVE' });
}

export async function hostileActor(role: Role | 'anonymous'): Promise<HostileActor> {
  const actor = await newActor(role);
  if (actor.account) accounts.add(actor.account.id);
  if (actor.entrepriseId) entreprises.add(actor.entrepriseId);
  return actor;
}

async function newActor(role: Role | 'anonymous'): Promise<HostileActor> {
  switch (role) {
    case 'anonymous':
      return { role, account: null, entrepriseId: null };
    case 'CANDIDAT':
      return { role, account: await createCandidat(), entrepriseId: null };
    case 'RECRUTEUR': {
      const r = await ownerRecruteur();
      return { role, account: r, entrepriseId: r.entrepriseId };
    }
    case 'ADMIN':
      return { role, account: await createAdmin(), entrepriseId: null };
    case 'SUPER_ADMIN':
      return { role, account: await createAdmin({ superAdmin: true }), entrepriseId: null };
  }
}

/** A company with an ACTIVE owner, for objects the caller does not own. */
async function someRecruteur(actor: HostileActor): Promise<{ id: number; entrepriseId: number }> {
  if (actor.role === 'RECRUTEUR' && actor.account && actor.entrepriseId)
    return { id: actor.account.id, entrepriseId: actor.entrepriseId };
  return ownerRecruteur();
}

async function someCandidat(actor: HostileActor): Promise<{ id: number; email: string }> {
  if (actor.role === 'CANDIDAT' && actor.account) return actor.account;
  return createCandidat({ profilPublic: true });
}

export async function insertApplication(
  candidatId: number,
  offreId: number,
  lettreMotivation = 'Motivée',
): Promise<number> {
  const db = testDb();
  const [id] = await db('candidatures').insert({ offreId, candidatId, status: 'NEW', lettreMotivation });
  await db('offres').where({ id: offreId }).increment({ totalCandidatures: 1, nouveaux: 1 });
  return id;
}

export async function insertVivier(entrepriseId: number, nom = unique('Vivier ')): Promise<number> {
  const [id] = await testDb()('viviers').insert({ entrepriseId, nom, description: 'Vivier de test' });
  return id;
}

export async function insertVivierMember(
  vivierId: number,
  email = uniqueEmail('membre'),
  candidatId: number | null = null,
): Promise<number> {
  const [id] = await testDb()('vivierCandidats').insert({
    vivierId,
    email,
    candidatId,
    nom: 'Membre',
    prenom: 'Test',
    tags: JSON.stringify(['test']),
    source: 'MANUAL',
  });
  return id;
}

/** A finished import (DONE): readable through the API, ignored by the import job. */
export async function insertFinishedImport(vivierId: number): Promise<number> {
  const file = await insertStoredFile(null, 'IMPORT', Buffer.from('email\nun@example.cm\n'), 'text/csv');
  const [id] = await testDb()('vivierImports').insert({
    vivierId,
    fileId: file,
    status: 'DONE',
    totalRows: 1,
    importedRows: 1,
    errors: JSON.stringify([]),
  });
  return id;
}

export async function insertStoredFile(
  ownerAccountId: number | null,
  purpose: string,
  data: Buffer = pdfBuffer(),
  contentType = 'application/pdf',
): Promise<number> {
  const storageKey = `hostile/${randomUUID()}`;
  await testDeps().storage.put(storageKey, data);
  const [id] = await testDb()('files').insert({
    ownerAccountId,
    purpose,
    storageKey,
    originalName: 'fichier.pdf',
    contentType,
    size: data.length,
  });
  return id;
}

export async function insertSubscription(
  owner: { accountId: number; entrepriseId: number | null },
  opts: { url?: string; description?: string; events?: string[] } = {},
): Promise<number> {
  const scope = owner.entrepriseId ? 'recruiter' : 'admin';
  const [id] = await testDb()('webhookSubscriptions').insert({
    ownerAccountId: owner.accountId,
    scope,
    entrepriseId: owner.entrepriseId,
    url: opts.url ?? 'https://hooks.example.cm/recrutement',
    events: JSON.stringify(
      opts.events ?? (scope === 'recruiter' ? ['candidature.created'] : ['recruiter.approved']),
    ),
    secret: `whsec_${randomBytes(32).toString('base64')}`,
    active: true,
    description: opts.description ?? 'Abonnement de test',
  });
  subscriptions.add(id);
  return id;
}

/** A delivery already FAILED (not due), of an event already dispatched: the job tests never see it. */
export async function insertDelivery(subscriptionId: number, entrepriseId: number | null): Promise<number> {
  const db = testDb();
  const [eventId] = await db('domainEvents').insert({
    publicId: `evt_${randomUUID().replace(/-/g, '')}`,
    type: entrepriseId ? 'candidature.created' : 'recruiter.approved',
    scope: entrepriseId ? 'recruiter' : 'admin',
    entrepriseId,
    data: JSON.stringify({ candidatureId: 1, offreId: 1, candidatId: 1, statut: 'NEW' }),
    dispatchedAt: new Date(),
  });
  const [id] = await db('webhookDeliveries').insert({
    subscriptionId,
    eventId,
    status: 'FAILED',
    attempts: 1,
    lastStatusCode: 410,
    lastError: 'Gone',
  });
  return id;
}

export async function insertAlert(
  candidatId: number | null,
  keywords = 'comptable',
  email = uniqueEmail('alerte'),
): Promise<number> {
  const [id] = await testDb()('jobAlerts').insert({
    candidatId,
    email,
    keywords,
    active: true,
    confirmedAt: new Date(),
    unsubscribeToken: randomBytes(32).toString('base64url'),
    lastMatchedAt: new Date(),
  });
  alerts.add(id);
  return id;
}

export async function insertArticle(
  status: 'DRAFT' | 'PUBLISHED' = 'PUBLISHED',
): Promise<{ id: number; slug: string }> {
  const slug = unique('article-hostile-');
  const [id] = await testDb()('blogArticles').insert({
    titre: 'Article de test',
    slug,
    contenu: 'Contenu',
    extrait: 'Extrait',
    categorie: 'Conseils',
    status,
    publishedAt: status === 'PUBLISHED' ? new Date() : null,
  });
  return { id, slug };
}

export async function insertComment(articleId: number): Promise<number> {
  const [id] = await testDb()('blogComments').insert({
    articleId,
    accountId: null,
    authorName: 'Lecteur',
    content: 'Un commentaire',
    hidden: false,
    reportCount: 0,
  });
  return id;
}

type Resolver = (actor: HostileActor) => Promise<number | string>;

/**
 * Path pattern (relative to /v1/api) and parameter name -> an id of an object the caller may use.
 * The first matching row wins; a parameter nothing matches gets 1.
 */
const RESOLVERS: [RegExp, string, Resolver][] = [
  [
    /^\/candidats\/me\/saved-jobs\//,
    'offreId',
    async (a) => {
      const r = await ownerRecruteur();
      const offreId = await createOffre(r);
      if (a.account) await testDb()('savedJobs').insert({ candidatId: a.account.id, offreId });
      return offreId;
    },
  ],
  [/^\/(offres|public\/offres)\//, 'offreId', async (a) => createOffre(await someRecruteur(a))],
  [
    /./,
    'candidatureId',
    async (a) => {
      const r = await someRecruteur(a);
      const c = await someCandidat(a);
      return insertApplication(c.id, await createOffre(r));
    },
  ],
  [
    /^\/recruiters\/me\/viviers\/imports\//,
    'importId',
    async (a) => insertFinishedImport(await insertVivier((await someRecruteur(a)).entrepriseId)),
  ],
  [/^\/recruiters\/me\/viviers\//, 'id', async (a) => insertVivier((await someRecruteur(a)).entrepriseId)],
  [
    /^\/vivier\//,
    'candidatVivierId',
    async (a) => insertVivierMember(await insertVivier((await someRecruteur(a)).entrepriseId)),
  ],
  [
    /^\/webhooks\/subscriptions\//,
    'id',
    async (a) => insertSubscription({ accountId: a.account?.id ?? 1, entrepriseId: a.entrepriseId }),
  ],
  [
    /^\/webhooks\/deliveries\//,
    'id',
    async (a) => {
      const sub = await insertSubscription({ accountId: a.account?.id ?? 1, entrepriseId: a.entrepriseId });
      return insertDelivery(sub, a.entrepriseId);
    },
  ],
  [/^\/candidats\/me\/alertes\//, 'id', async (a) => insertAlert(a.account?.id ?? null)],
  [
    /^\/candidats\/me\/candidatures\//,
    'candidatureId',
    async (a) => insertApplication((await someCandidat(a)).id, await createOffre(await ownerRecruteur())),
  ],
  [/^\/files\//, 'id', async (a) => insertStoredFile(a.account?.id ?? null, 'CV')],
  [/^\/public\/candidats\//, 'id', async () => (await createCandidat({ profilPublic: true })).id],
  [/^\/(public|admin)\/entreprises\//, 'id', async () => createEntreprise()],
  [
    /^\/regions\//,
    'id',
    async () => ((await testDb()('regions').where({ code: 'LT' }).first('id')) as { id: number }).id,
  ],
  [
    /^\/villes\//,
    'id',
    async () => ((await testDb()('villes').where({ slug: 'douala' }).first('id')) as { id: number }).id,
  ],
  [/^\/admin\/candidates\//, 'id', async () => (await createCandidat()).id],
  [/^\/admin\/offres\//, 'id', async () => createOffre(await ownerRecruteur())],
  [/^\/admin\/admins\//, 'id', async () => (await createAdmin()).id],
  [
    /^\/admin\/reference\/sectors\//,
    'id',
    async () => {
      const [id] = await testDb()('secteursActivite').insert({
        nom: unique('Secteur '),
        description: 'test',
      });
      return id;
    },
  ],
  [
    /^\/admin\/reference\/experience-levels\//,
    'id',
    async () => {
      const [id] = await testDb()('experienceLevels').insert({ nom: unique('Niveau '), ordre: 99 });
      return id;
    },
  ],
  [/^\/admin\/blog\/articles\//, 'id', async () => (await insertArticle('DRAFT')).id],
  [/\/comments\/\{id\}/, 'id', async () => insertComment((await insertArticle()).id)],
  [/./, 'recruiterId', async () => (await createRecruteur({ status: 'PENDING_APPROVAL' })).id],
  [/./, 'slug', async () => (await insertArticle()).slug],
  [/./, 'typePage', async () => 'ACCUEIL'],
];

/** Values for every `{param}` of the path, pointing at objects the caller may use. */
export async function ownedPathValues(actor: HostileActor, path: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const m of path.matchAll(/\{(\w+)\}/g)) {
    const name = m[1];
    const row = RESOLVERS.find(([pattern, param]) => param === name && pattern.test(path));
    out[name] = String(row ? await row[2](actor) : 1);
  }
  return out;
}

export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? '1'));
}

/** Leaves nothing that the job runner's tests would pick up. */
export async function cleanupHostileRows(): Promise<void> {
  const db = testDb();
  if (subscriptions.size)
    await db('webhookSubscriptions')
      .whereIn('id', [...subscriptions])
      .delete();
  if (alerts.size)
    await db('jobAlerts')
      .whereIn('id', [...alerts])
      .update({ active: false });
  // What the hostile requests themselves may have created through the API.
  if (accounts.size) {
    await db('webhookSubscriptions')
      .whereIn('ownerAccountId', [...accounts])
      .delete();
    await db('jobAlerts')
      .whereIn('candidatId', [...accounts])
      .update({ active: false });
  }
  if (entreprises.size) {
    await db('vivierImports')
      .whereIn('status', ['QUEUED', 'RUNNING'])
      .whereIn(
        'vivierId',
        db('viviers')
          .whereIn('entrepriseId', [...entreprises])
          .select('id'),
      )
      .update({ status: 'FAILED', failureMessage: 'hostile test data' });
  }
  for (const set of [subscriptions, alerts, accounts, entreprises]) set.clear();
}
