/**
 * The process-wide collaborators (configuration, database, logger, storage, clock), built once
 * per process by an entry point (server, worker, CLI command) and passed down.
 */
import type { Knex } from 'knex';
import { loadConfig, type Config } from './config.ts';
import { createKnex } from './db.ts';
import { createLogger, type LogFormat, type Logger } from './logger.ts';
import { createStorage, type Storage } from './storage.ts';
import { systemClock, type Clock } from './clock.ts';
import { setPasswordHashCost } from './passwords.ts';

export interface Runtime {
  config: Config;
  db: Knex;
  logger: Logger;
  storage: Storage;
  clock: Clock;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** Overrides LOG_LEVEL (a one-shot CLI command without LOG_LEVEL logs warnings only). */
  logLevel?: string;
  /** Overrides LOG_FORMAT (the CLI's --pretty). */
  logFormat?: LogFormat;
  /** Where logs go: stdout (1, servers and workers) or stderr (2, commands whose stdout is their answer). */
  fd?: 1 | 2;
}

export function createRuntime(config: Config = loadConfig(), opts: RuntimeOptions = {}): Runtime {
  const logger = createLogger(opts.logLevel ?? config.logLevel, undefined, {
    format: opts.logFormat ?? config.logFormat,
    fd: opts.fd,
  });
  const db = createKnex(config.databaseUrl, undefined, logger);
  setPasswordHashCost(config.passwordHashCost);
  return {
    config,
    db,
    logger,
    storage: createStorage(config),
    clock: systemClock,
    close: () => db.destroy(),
  };
}
