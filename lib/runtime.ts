/**
 * The process-wide collaborators (configuration, database, logger, storage, clock), built once
 * per process by an entry point (server, worker, CLI command) and passed down.
 */
import type { Knex } from 'knex';
import { loadConfig, type Config } from './config.ts';
import { createKnex } from './db.ts';
import { createLogger, type Logger } from './logger.ts';
import { createStorage, type Storage } from './storage.ts';
import { systemClock, type Clock } from './clock.ts';

export interface Runtime {
  config: Config;
  db: Knex;
  logger: Logger;
  storage: Storage;
  clock: Clock;
  close(): Promise<void>;
}

export function createRuntime(config: Config = loadConfig(), opts: { logLevel?: string } = {}): Runtime {
  const logger = createLogger(opts.logLevel ?? config.logLevel);
  const db = createKnex(config.databaseUrl, undefined, logger);
  return {
    config,
    db,
    logger,
    storage: createStorage(config),
    clock: systemClock,
    close: () => db.destroy(),
  };
}
