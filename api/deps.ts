import type { Knex } from 'knex';
import type { Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import type { Clock } from '../lib/clock.ts';
import type { Storage } from '../lib/storage.ts';
import type { SearchReplica } from '../engines/search/search-replica.ts';
import type { ProcessCaches } from './process-caches.ts';

/** Everything the API needs, built once per process (or per test) and passed in: no singletons. */
export interface AppDeps {
  db: Knex;
  config: Config;
  logger: Logger;
  clock: Clock;
  storage: Storage;
  /** The in-process search index, built at start and kept fresh from the search journal. */
  search: SearchReplica;
  /** Reference answers and token lookups; createApp makes them when not given. */
  caches?: ProcessCaches;
}

/** The caches of an app built by createApp. */
export function cachesOf(deps: AppDeps): ProcessCaches {
  if (!deps.caches) throw new Error('process caches missing: build the app with createApp');
  return deps.caches;
}
