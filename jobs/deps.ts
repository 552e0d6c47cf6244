import type { Knex } from 'knex';
import type { Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import type { Clock } from '../lib/clock.ts';
import type { Storage } from '../lib/storage.ts';

/** What job definitions receive, built once per worker process. */
export interface JobDeps {
  db: Knex;
  config: Config;
  logger: Logger;
  clock: Clock;
  storage: Storage;
}
