/**
 * What an API process keeps in memory besides its search index, each with a stated freshness
 * bound: the reference answers (every instance within 2 s of a change), the token lookups
 * (a revocation refused by every instance within 1 s), the kept search pages (never past a
 * change the index applied; their offers' counters at most 500 ms older) and the replayed answers
 * (each of these bounds plus ANSWER_REPLAY_MS, 200 ms; a write through this instance forgets them). Built once per app by createApp.
 */
import type { Knex } from 'knex';
import type { Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import { ReferenceCache } from '../domain/reference/reference-cache.ts';
import { AccessTokenCache } from '../domain/auth/access-token-cache.ts';
import { KeptAnswers } from './http/kept-answers.ts';
import { AnswerReplays } from './http/answer-replays.ts';

export interface ProcessCaches {
  reference: ReferenceCache;
  tokens: AccessTokenCache;
  /** Serialized public answers of the routes that declare `keptAnswer` (search pages). */
  answers: KeptAnswers;
  /** Anonymous public GET answers recorded to answer the same request again (ANSWER_REPLAY_MS). */
  replays: AnswerReplays;
}

export function createProcessCaches(deps: { db: Knex; logger: Logger; config: Config }): ProcessCaches {
  const syncOnRead = deps.config.cacheSyncOnRead;
  return {
    reference: new ReferenceCache(deps.db, deps.logger, { syncOnRead }),
    tokens: new AccessTokenCache(deps.db, { syncOnRead }),
    answers: new KeptAnswers(deps.config.searchKeptAnswerMs),
    // A process that reads through its caches at every request (tests) replays nothing either.
    replays: new AnswerReplays(syncOnRead || deps.config.searchSyncOnRead ? 0 : deps.config.answerReplayMs),
  };
}
