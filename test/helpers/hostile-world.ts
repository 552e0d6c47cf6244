/**
 * The fixture world of the ownership matrix, built once through the real API wherever a route
 * exists (offers, publishing, applications, notes, pools and members, subscriptions, alerts, saved
 * jobs, CVs), with direct inserts only for what the job runner makes (a webhook delivery, a
 * finished import):
 *
 *   company A: owner RA, a published and a draft offer, candidate C2's application (with a note),
 *              a pool with a member and an import, a webhook subscription with a delivery;
 *   company B: owner RB, the same, with candidate C1's application;
 *   C1 and C2: an alert, a saved job, a CV each; an ADMIN with its own subscription.
 *
 * Every private text carries a marker word (`zprv...`), with the set of callers allowed to see it,
 * so any answer can be searched for data that is not the caller's.
 */
import { expect } from 'chai';
import { agent } from './app.ts';
import { testDb } from './env.ts';
import { createAdmin, createCandidat, type TestAccount, type TestRecruteur } from './factories.ts';
import { pdfBuffer } from './file-fixtures.ts';
import { ownerRecruteur } from './hostile-actors.ts';
import { unique } from './unique.ts';

export const ACTORS = [
  'anonymous',
  'CANDIDAT',
  'RECRUTEUR_A',
  'RECRUTEUR_B',
  'ADMIN',
  'SUPER_ADMIN',
] as const;
export type ActorName = (typeof ACTORS)[number];

export interface Side {
  name: 'A' | 'B';
  owner: TestRecruteur;
  entrepriseId: number;
  offrePub: number;
  offreDraft: number;
  /** The candidate who applied to offrePub: C2 for A, C1 for B. */
  applicant: TestAccount;
  application: number;
  note: number;
  pool: number;
  member: number;
  import: number;
  subscription: number;
  delivery: number;
  /** The applicant's alert, saved offer (offrePub) and CV file. */
  alert: number;
  cvFile: number;
}

export interface World {
  A: Side;
  B: Side;
  C1: TestAccount;
  C2: TestAccount;
  admin: TestAccount;
  superAdmin: TestAccount;
  adminSubscription: number;
  /** marker -> the callers that may see it (administrators see everything). */
  markers: Map<string, Set<ActorName>>;
  accountOf: Record<Exclude<ActorName, 'anonymous'>, TestAccount>;
}

/** Letters only: alert keywords and FULLTEXT treat it as one word. */
function markerWord(what: string): string {
  const digits = unique('').replace(/[^0-9a-z]/g, '');
  return `zprv${what}${[...digits].map((c) => String.fromCharCode(97 + (parseInt(c, 36) % 26))).join('')}`;
}

async function ok<T>(
  res: Promise<{ status: number; body: { data?: T } & Record<string, unknown> }>,
  what: string,
): Promise<T> {
  const r = await res;
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).to.equal(200);
  return r.body.data as T;
}

export function api() {
  return agent();
}

/** `applicantActor`: the matrix caller that is the applicant (C1 is CANDIDAT; C2 is no caller). */
async function buildSide(
  name: 'A' | 'B',
  applicant: TestAccount,
  applicantActor: ActorName | null,
  markers: World['markers'],
): Promise<Side> {
  const owner = await ownerRecruteur();
  const ownerActor: ActorName = name === 'A' ? 'RECRUTEUR_A' : 'RECRUTEUR_B';
  const mark = (what: string, alsoVisibleTo: ActorName[] = []) => {
    const m = markerWord(`${name.toLowerCase()}${what}`);
    markers.set(m, new Set<ActorName>([ownerActor, ...alsoVisibleTo]));
    return m;
  };
  const offre = (titre: string) =>
    ok<{ id: number }>(
      api()
        .post('/v1/api/offres')
        .set(owner.auth)
        .send({ titre, contractType: 'CDI', description: 'Poste à Douala', competences: ['Comptabilité'] }),
      'create offer',
    );
  const offrePub = (await offre(`Comptable ${name}`)).id;
  await ok(api().post(`/v1/api/offres/${offrePub}/publish`).set(owner.auth), 'publish');
  const offreDraft = (await offre(`Brouillon ${mark('draft')}`)).id;

  const application = (
    await ok<{ id: number }>(
      api()
        .post('/v1/api/candidatures')
        .set(applicant.auth)
        .send({
          offreId: offrePub,
          lettreMotivation: `Lettre ${mark('lettre', applicantActor ? [applicantActor] : [])}`,
        }),
      'apply',
    )
  ).id;
  const note = (
    await ok<{ id: number }>(
      api()
        .post(`/v1/api/candidatures/${application}/notes`)
        .set(owner.auth)
        .send({ content: `Note ${mark('note')}` }),
      'note',
    )
  ).id;

  const pool = (
    await ok<{ id: number }>(
      api()
        .post('/v1/api/recruiters/me/viviers')
        .set(owner.auth)
        .send({ nom: `Vivier ${mark('vivier')}`, description: 'Talents' }),
      'pool',
    )
  ).id;
  const member = (
    await ok<{ id: number }>(
      api()
        .post(`/v1/api/recruiters/me/viviers/${pool}/candidats`)
        .set(owner.auth)
        .send({ email: `${mark('membre')}@example.cm`, nom: 'Membre', tags: ['compta'] }),
      'member',
    )
  ).id;
  const [fileId] = await testDb()('files').insert({
    ownerAccountId: owner.id,
    purpose: 'IMPORT',
    storageKey: `import/${unique('world')}.csv`,
    contentType: 'text/csv',
    size: 10,
  });
  const [importId] = await testDb()('vivierImports').insert({
    vivierId: pool,
    fileId,
    status: 'DONE',
    totalRows: 1,
    errorRows: 1,
    errors: JSON.stringify([{ line: 2, message: `Adresse invalide ${mark('import')}` }]),
    createdBy: owner.id,
  });

  const subscription = (
    await ok<{ id: number }>(
      api()
        .post('/v1/api/webhooks/subscriptions')
        .set(owner.auth)
        .send({
          url: `http://127.0.0.1:9/${mark('url')}`,
          events: ['candidature.created'],
          description: `ATS ${mark('abonnement')}`,
        }),
      'subscribe',
    )
  ).id;
  const [eventId] = await testDb()('domainEvents').insert({
    publicId: `evt_${unique('world')}`,
    type: 'candidature.created',
    scope: 'recruiter',
    entrepriseId: owner.entrepriseId,
    data: JSON.stringify({
      candidatureId: application,
      offreId: offrePub,
      candidatId: applicant.id,
      statut: 'NEW',
    }),
    dispatchedAt: new Date(),
  });
  const [delivery] = await testDb()('webhookDeliveries').insert({
    subscriptionId: subscription,
    eventId,
    status: 'FAILED',
    attempts: 1,
    lastStatusCode: 410,
    lastError: `Gone ${mark('livraison')}`,
  });

  const alertKeywords = markerWord(`${name.toLowerCase()}alerte`);
  markers.set(alertKeywords, new Set<ActorName>(applicantActor ? [applicantActor] : []));
  const alert = (
    await ok<{ id: number }>(
      api().post('/v1/api/candidats/me/alertes').set(applicant.auth).send({ keywords: alertKeywords }),
      'alert',
    )
  ).id;
  await ok(
    api().post('/v1/api/candidats/me/saved-jobs').set(applicant.auth).send({ offreId: offrePub }),
    'save job',
  );
  const cv = await api()
    .post('/v1/api/candidats/me/cv')
    .set(applicant.auth)
    .attach('file', pdfBuffer(), { filename: 'cv.pdf', contentType: 'application/pdf' });
  expect(cv.status, JSON.stringify(cv.body)).to.equal(200);
  const cvFile = (
    (await testDb()('candidates').where({ id: applicant.id }).first('cvFileId')) as { cvFileId: number }
  ).cvFileId;

  return {
    name,
    owner,
    entrepriseId: owner.entrepriseId,
    offrePub,
    offreDraft,
    applicant,
    application,
    note,
    pool,
    member,
    import: importId,
    subscription,
    delivery,
    alert,
    cvFile,
  };
}

export async function buildWorld(): Promise<World> {
  const markers: World['markers'] = new Map();
  const candidat = async (tag: string, visibleTo: ActorName[]) => {
    const m = markerWord(tag);
    markers.set(m, new Set(visibleTo));
    return createCandidat({ email: `${m}@example.cm`, nom: 'Candidat', prenom: tag });
  };
  // C2's email: company A receives its application; C1's: company B, and C1 itself.
  const C2 = await candidat('cdeux', ['RECRUTEUR_A']);
  const C1 = await candidat('cun', ['RECRUTEUR_B', 'CANDIDAT']);
  const A = await buildSide('A', C2, null, markers);
  const B = await buildSide('B', C1, 'CANDIDAT', markers);
  const admin = await createAdmin();
  const superAdmin = await createAdmin({ superAdmin: true });
  const adminMarker = markerWord('admin');
  markers.set(adminMarker, new Set());
  const adminSubscription = (
    await ok<{ id: number }>(
      api()
        .post('/v1/api/webhooks/subscriptions')
        .set(admin.auth)
        .send({
          url: `http://127.0.0.1:9/${adminMarker}`,
          events: ['recruiter.approved'],
          description: adminMarker,
        }),
      'admin subscribe',
    )
  ).id;
  return {
    A,
    B,
    C1,
    C2,
    admin,
    superAdmin,
    adminSubscription,
    markers,
    accountOf: {
      CANDIDAT: C1,
      RECRUTEUR_A: A.owner,
      RECRUTEUR_B: B.owner,
      ADMIN: admin,
      SUPER_ADMIN: superAdmin,
    },
  };
}

/** The markers in `text` that `actor` may not see (administrators may see them all). */
export function leakedMarkers(world: World, actor: ActorName, text: string): string[] {
  if (actor === 'ADMIN' || actor === 'SUPER_ADMIN') return [];
  const found = text.match(/zprv[a-z]+/g) ?? [];
  return [...new Set(found)].filter((m) => !world.markers.get(m)?.has(actor));
}

/** The rows of every victim object, to prove that refused calls changed nothing. */
export async function snapshotWorld(world: World): Promise<Record<string, unknown[]>> {
  const db = testDb();
  const sides = [world.A, world.B];
  const ids = (pick: (s: Side) => number) => sides.map(pick);
  return {
    offres: await db('offres')
      .whereIn('id', [...ids((s) => s.offrePub), ...ids((s) => s.offreDraft)])
      .orderBy('id'),
    candidatures: await db('candidatures')
      .whereIn(
        'id',
        ids((s) => s.application),
      )
      .orderBy('id'),
    notes: await db('candidatureNotes')
      .whereIn(
        'candidatureId',
        ids((s) => s.application),
      )
      .orderBy('id'),
    viviers: await db('viviers')
      .whereIn(
        'id',
        ids((s) => s.pool),
      )
      .orderBy('id'),
    members: await db('vivierCandidats')
      .whereIn(
        'vivierId',
        ids((s) => s.pool),
      )
      .orderBy('id'),
    imports: await db('vivierImports')
      .whereIn(
        'id',
        ids((s) => s.import),
      )
      .orderBy('id'),
    subscriptions: await db('webhookSubscriptions')
      .whereIn('id', [...ids((s) => s.subscription), world.adminSubscription])
      .orderBy('id'),
    deliveries: await db('webhookDeliveries')
      .whereIn(
        'id',
        ids((s) => s.delivery),
      )
      .orderBy('id'),
    alerts: await db('jobAlerts')
      .whereIn(
        'id',
        ids((s) => s.alert),
      )
      .orderBy('id'),
    savedJobs: await db('savedJobs')
      .whereIn('candidatId', [world.C1.id, world.C2.id])
      .orderBy(['candidatId', 'offreId']),
    candidates: await db('candidates').whereIn('id', [world.C1.id, world.C2.id]).orderBy('id'),
    accounts: await db('accounts')
      .whereIn(
        'id',
        Object.values(world.accountOf).map((a) => a.id),
      )
      .orderBy('id')
      .select('id', 'email', 'enabled', 'passwordHash'),
    recruiters: await db('recruiters').whereIn('id', [world.A.owner.id, world.B.owner.id]).orderBy('id'),
    entreprises: await db('entreprises')
      .whereIn(
        'id',
        ids((s) => s.entrepriseId),
      )
      .orderBy('id'),
    files: await db('files')
      .whereIn(
        'id',
        ids((s) => s.cvFile),
      )
      .orderBy('id'),
  };
}

/** Nothing of the world may reach the job tests that run later. */
export async function retireWorld(world: World): Promise<void> {
  const db = testDb();
  const entreprises = [world.A.entrepriseId, world.B.entrepriseId];
  await db('webhookSubscriptions').whereIn('entrepriseId', entreprises).delete();
  await db('webhookSubscriptions').whereIn('ownerAccountId', [world.admin.id, world.superAdmin.id]).delete();
  await db('jobAlerts').whereIn('candidatId', [world.C1.id, world.C2.id]).update({ active: false });
  await db('vivierImports')
    .whereIn('status', ['QUEUED', 'RUNNING'])
    .whereIn('vivierId', db('viviers').whereIn('entrepriseId', entreprises).select('id'))
    .update({ status: 'FAILED', failureMessage: 'ownership test data' });
}
