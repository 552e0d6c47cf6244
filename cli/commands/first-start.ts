/**
 * `recrutement start` (npm start), the newcomer's one command: one line per phase on stderr, with
 * its duration (database, migrations, seed, API listening, search index, job runner), then where
 * to go next. The first start of a fresh database spends most of its time in the migrations
 * (about 230 statements, half of them the ALTER TABLEs of the first migration, which adds its
 * indexes and foreign keys one statement at a time); later starts apply none.
 */
import type { Runtime } from '../../lib/runtime.ts';
import type { Output } from '../ui/output.ts';

export interface Started {
  url: string;
  /** Where to go next; printed once the caller listens for Ctrl+C, which the last line offers. */
  printNextSteps(): void;
  stop(): Promise<void>;
}

export interface ServingApi {
  url: string;
  /** The URL recorded for links (PUBLIC_URL, else where it listens). */
  publicUrl: string;
  search: { start(): Promise<{ offres: number }> };
  close(): Promise<void>;
}

function timer(output: Output): (line: string) => void {
  let last = Date.now();
  return (line) => {
    const now = Date.now();
    output.err(`${line} (${((now - last) / 1000).toFixed(1)} s)`);
    last = now;
  };
}

export async function firstStart(
  rt: Runtime,
  output: Output,
  serve: (rt: Runtime) => Promise<ServingApi>,
): Promise<Started> {
  const { ensureDatabase, databaseName } = await import('../../lib/db.ts');
  const { migrateLatest } = await import('../../lib/migrator.ts');
  const { runSeeds } = await import('../../seeds/index.ts');
  const { startWorker } = await import('../../jobs/worker.ts');
  const { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, demoDataPresent } = await import('../../seeds/demo.ts');
  const done = timer(output);
  await ensureDatabase(rt.config.databaseUrl, rt.logger);
  done(`Database ${databaseName(rt.config.databaseUrl)} ready`);
  const applied = await migrateLatest(rt.db);
  done(applied.length ? `Migrations: ${applied.length} applied` : 'Migrations: up to date');
  const seeded = await runSeeds(rt.db, rt.config);
  done(`Seed: ${seeded.steps.join(', ')}`);
  const server = await serve(rt);
  done(`API listening on ${server.url}`);
  const index = await server.search.start();
  done(`Search index built: ${index.offres} public offer(s)`);
  const worker = await startWorker(rt);
  done('Job runner started');
  const demo = {
    login: `admin@${DEMO_EMAIL_DOMAIN}, password ${DEMO_PASSWORD}`,
    present: await demoDataPresent(rt.db),
  };
  return {
    url: server.url,
    printNextSteps: () => nextSteps(output, rt, server, demo),
    stop: async () => {
      await server.close();
      await worker.stop();
    },
  };
}

function nextSteps(
  output: Output,
  rt: Runtime,
  server: ServingApi,
  demo: { login: string; present: boolean },
): void {
  const base = server.publicUrl;
  const lines = [
    '',
    output.color.bold('Next:'),
    `  API reference (try it out)  ${base}/docs`,
    `  OpenAPI document            ${base}/v1/api/openapi.json`,
    `  Public pages of offers      ${base}/emplois`,
    demo.present
      ? `  Demo data                   loaded: log in as ${demo.login}`
      : `  Demo data                   npx recrutement db seed --demo   (then log in as ${demo.login})`,
  ];
  if (rt.config.adminEmail && rt.config.adminPassword)
    lines.push(`  Super admin                 ${rt.config.adminEmail} (password: ADMIN_PASSWORD)`);
  lines.push(
    '  Operator CLI                npx recrutement --help',
    '  Stop                        Ctrl+C; start again from scratch: npx recrutement db reset --yes',
  );
  if (base !== server.url) lines.push(`  (links use ${base}; the API listens on ${server.url})`);
  for (const l of lines) output.err(l);
}
