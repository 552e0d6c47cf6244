/**
 * Daily job-alert matching at scale: 100,000 confirmed alerts and 2,000 offers published since
 * their last match (plus 20,000 older offers the run must leave out), in a scratch database
 * `recrutement_bench_alerts` created and dropped here. Prints the run's report, its duration and
 * the emails queued per second. Last line: `alerts: <N> alerts, <E> emails queued in <S> s`.
 *
 *   node --import tsx bench/alerts.ts [--alerts 100000] [--offres 2000] [--concurrency 4] [--keep: leave the database]
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createKnex, dropDatabase } from '../lib/db.ts';
import { loadConfig } from '../lib/config.ts';
import { LocalStorage } from '../lib/storage.ts';
import { runAlertMatching } from '../domain/alerts/run-alert-matching.ts';
import { flag, numberArg } from './lib/args.ts';
import { benchDatabaseUrl, migrateAndSeed, recreateDatabase } from './lib/database.ts';
import { systemCtx } from './lib/context.ts';
import { seededRandom } from './lib/random.ts';

const DATABASE_URL = benchDatabaseUrl('recrutement_bench_alerts');

const ALERTS = numberArg('alerts', 100_000);
const NEW_OFFRES = numberArg('offres', 2_000);
const OLD_OFFRES = 20_000;
const CONCURRENCY = numberArg('concurrency', 4);

// A small deterministic generator, so two runs measure the same data.
const { rand, pick } = seededRandom(42);

const METIERS = [
  'Développeur Java',
  'Développeur PHP',
  'Comptable',
  'Expert comptable',
  'Infirmier',
  'Chauffeur poids lourds',
  'Commercial terrain',
  'Responsable RH',
  'Chargé de clientèle',
  'Ingénieur génie civil',
  'Technicien maintenance',
  'Data analyst',
  'Juriste',
  'Auditeur interne',
  'Magasinier',
  'Logisticien',
  'Assistant de direction',
  'Community manager',
  'Électricien bâtiment',
  'Secrétaire médicale',
  'Caissier',
  'Agent de sécurité',
  'Enseignant',
  'Pharmacien',
  'Agronome',
  'Chef de projet',
  'Administrateur réseau',
  'Graphiste',
] as const;
const SECTEURS = [
  'bancaire',
  'hospitalier',
  'BTP',
  'télécoms',
  'pétrolier',
  'agroalimentaire',
  'minier',
  'portuaire',
  'assurance',
  'hôtellerie',
  'distribution',
  'brassicole',
  'forestier',
  'cimentier',
  'textile',
  'microfinance',
  'transport',
  'énergie',
  'éducation',
  'ONG',
] as const;
const COMPETENCES = [
  'Java',
  'SQL',
  'Excel',
  'Sage',
  'Anglais',
  'Négociation',
  'Permis C',
  'AutoCAD',
  'Python',
  'Paie',
  'Marketing',
  'Linux',
];
const CONTRATS = ['CDI', 'CDD', 'FREELANCE', 'STAGE'] as const;
const KEYWORDS = [
  'développeur',
  'developpeur java',
  'comptable',
  'infirmier',
  'chauffeur',
  'commercial',
  'rh',
  'responsable rh',
  'clientèle',
  'ingénieur',
  'technicien',
  'data',
  'juriste',
  'auditeur',
  'magasinier',
  'logisticien',
  'assistant',
  'community manager',
  'électricien',
  'secrétaire',
  'caissier',
  'sécurité',
  'enseignant',
  'pharmacien',
  'agronome',
  'chef de projet',
  'réseau',
  'graphiste',
  'python',
  'excel',
  'sage paie',
  'marketing',
  'linux',
  'autocad',
];
/** Most alerts name a trade and a sector ("comptable bancaire"), some only a trade. */
const alertKeywords = () => (rand() < 0.7 ? `${pick(KEYWORDS)} ${pick(SECTEURS)}` : pick(KEYWORDS));

async function insertChunked(
  db: ReturnType<typeof createKnex>,
  table: string,
  rows: Record<string, unknown>[],
  size = 2000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await db(table).insert(rows.slice(i, i + size));
}

async function main(): Promise<void> {
  await recreateDatabase(DATABASE_URL);
  const db = createKnex(DATABASE_URL, { min: 0, max: CONCURRENCY + 2 });
  try {
    const t0 = performance.now();
    await migrateAndSeed(db);
    const villes = (await db('villes').select('id', 'regionId')) as { id: number; regionId: number }[];
    const secteur = (await db('secteursActivite').first('id')) as { id: number };
    const [entrepriseId] = await db('entreprises').insert({
      nomEntreprise: 'Bench SA',
      secteurActiviteId: secteur.id,
      plan: 'ENTREPRISE',
    });

    const now = Date.now();
    const lastMatch = new Date(now - 24 * 3600_000);
    const offre = (publishedAt: Date) => {
      const titre = `${pick(METIERS)} ${pick(SECTEURS)}`;
      const competences = [pick(COMPETENCES), pick(COMPETENCES)];
      const salaireMin = 100_000 + Math.floor(rand() * 20) * 50_000;
      return {
        entrepriseId,
        titre,
        contractType: pick(CONTRATS),
        villeId: pick(villes).id,
        description: `${titre} pour une entreprise en croissance. Poste à pourvoir rapidement.`,
        competences: JSON.stringify(competences),
        competencesText: competences.join(' '),
        salaireMin,
        salaireMax: rand() < 0.2 ? null : salaireMin + 200_000,
        remotePossible: rand() < 0.15,
        status: 'PUBLISHED',
        publishedAt,
      };
    };
    await insertChunked(
      db,
      'offres',
      Array.from({ length: OLD_OFFRES }, () => offre(new Date(now - (2 + rand() * 60) * 24 * 3600_000))),
    );
    await insertChunked(
      db,
      'offres',
      Array.from({ length: NEW_OFFRES }, () => offre(new Date(now - rand() * 23 * 3600_000))),
    );

    const alerts = Array.from({ length: ALERTS }, (_, i) => {
      const ville = rand() < 0.3 ? pick(villes) : null;
      return {
        email: `alerte-${i}@bench.example.cm`,
        keywords: alertKeywords(),
        villeId: ville?.id ?? null,
        regionId: !ville && rand() < 0.2 ? pick(villes).regionId : null,
        contractType: rand() < 0.3 ? pick(CONTRATS) : null,
        salaireMin: rand() < 0.2 ? 200_000 + Math.floor(rand() * 10) * 50_000 : null,
        remotePossible: rand() < 0.05 ? true : null,
        active: true,
        confirmedAt: new Date(now - 30 * 24 * 3600_000),
        unsubscribeToken: `bench-${i}-${Math.floor(rand() * 1e12)}`,
        lastMatchedAt: lastMatch,
        createdAt: new Date(now - 30 * 24 * 3600_000),
      };
    });
    await insertChunked(db, 'jobAlerts', alerts);
    console.log(
      `setup: ${ALERTS} alerts (concurrency ${CONCURRENCY}), ${NEW_OFFRES} new + ${OLD_OFFRES} older offers in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const config = loadConfig({ DATABASE_URL, UPLOAD_DIR: path.join(os.tmpdir(), 'recrutement-bench') });
    const ctx = systemCtx(db, {
      actorId: 'bench:alerts',
      config,
      storage: new LocalStorage(config.uploadDir),
      logLevel: 'warn',
    });
    if (flag('setup-only')) return;
    const dry0 = performance.now();
    const dry = await runAlertMatching(ctx, { dryRun: true, concurrency: CONCURRENCY });
    const dryS = (performance.now() - dry0) / 1000;
    console.log(
      `dry run: ${JSON.stringify(dry)} in ${dryS.toFixed(1)} s (${Math.round(dry.alertsScanned / dryS)} alerts/s)`,
    );

    const r0 = performance.now();
    const report = await runAlertMatching(ctx, { concurrency: CONCURRENCY });
    const seconds = (performance.now() - r0) / 1000;
    console.log(`run: ${JSON.stringify(report)}`);
    console.log(
      `duration ${seconds.toFixed(1)} s; ${Math.round(report.emailsQueued / seconds)} emails/s; ` +
        `${Math.round(report.alertsScanned / seconds)} alerts/s; ${Math.round(report.offresSent / seconds)} offers matched/s`,
    );
    const rerun0 = performance.now();
    const again = await runAlertMatching(ctx, { concurrency: CONCURRENCY });
    console.log(
      `re-run right after: ${JSON.stringify(again)} in ${((performance.now() - rerun0) / 1000).toFixed(1)} s (nothing sent twice)`,
    );
    console.log(
      `alerts: ${report.alertsScanned} alerts, ${report.emailsQueued} emails queued in ${seconds.toFixed(1)} s`,
    );
  } finally {
    await db.destroy();
    if (!flag('keep')) await dropDatabase(DATABASE_URL);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
