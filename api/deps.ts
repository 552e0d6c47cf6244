import type { Knex } from 'knex';
import type { Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import type { Clock } from '../lib/clock.ts';
import type { Storage } from '../lib/storage.ts';

/** Everything the API needs, built once per process (or per test) and passed in: no singletons. */
export interface AppDeps {
  db: Knex;
  config: Config;
  logger: Logger;
  clock: Clock;
  storage: Storage;
}
