/**
 * The API started in-process for a bench: on 127.0.0.1, random port, logger silent; rate limiting
 * off unless `env` turns it on (bench/lib/client-addresses.ts: RATE_LIMITED_ENV).
 */
import type { Knex } from '../../lib/db.ts';
import { loadConfig, type Config } from '../../lib/config.ts';
import { createLogger } from '../../lib/logger.ts';
import { systemClock } from '../../lib/clock.ts';
import { LocalStorage } from '../../lib/storage.ts';
import { startServer } from '../../api/server.ts';
import { createSearchReplica } from '../../engines/search/search-replica.ts';

export type BenchServer = Awaited<ReturnType<typeof startServer>>;

/** Where the benches' API stores uploads. */
export const BENCH_UPLOAD_DIR = 'var/bench-uploads';

/** Starts the API over `knex` (the database of `databaseUrl`); returns it with its config. */
export async function startBenchApi(
  knex: Knex,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ server: BenchServer; config: Config }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ENABLED: 'false',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    ...env,
  });
  const server = await startServer(
    {
      db: knex,
      config,
      logger: createLogger('silent'),
      clock: systemClock,
      storage: new LocalStorage(BENCH_UPLOAD_DIR),
      // As `recrutement serve` does.
      search: createSearchReplica(knex, createLogger('silent'), config, { compactHeapAfterBuild: true }),
    },
    0,
    '127.0.0.1',
  );
  return { server, config };
}
