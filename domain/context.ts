/**
 * What every use case receives: the database handle (a knex or a transaction), who acts, the
 * clock, the logger and the process configuration. Built by the API per request, by the CLI
 * once per command, by a job per run.
 */
import type { Knex } from 'knex';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import type { Config } from '../lib/config.ts';
import type { Role } from '../models/account.ts';
import type { Storage } from '../lib/storage.ts';

export type Actor =
  | { type: 'account'; id: number; role: Role; email: string; ip?: string | null; app?: ActingApp }
  | { type: 'anonymous'; ip?: string | null }
  | { type: 'system'; id: string };

/** The integration app whose OAuth token the request carries: it acts as the account, for its own ends. */
export interface ActingApp {
  id: number;
  clientId: string;
}

export interface Ctx {
  db: Knex;
  actor: Actor;
  clock: Clock;
  logger: Logger;
  config: Config;
  storage: Storage;
  // Ports of the areas that need a running engine (the search index, ...) are added to this
  // interface by the area itself (a module augmentation, see domain/search/search-index.ts), so the
  // context imports no area and no engine.
}

/** What every process holds that a use case needs: the API, the CLI, the jobs, benches and tests. */
export type ContextDeps = Omit<Ctx, 'actor'>;

/**
 * The one way a use-case context is made, whoever acts. Only what Ctx names is taken from `deps`,
 * so a process's wider dependency bag (mailer, caches, ...) never leaks into the domain.
 */
export function createContext(deps: ContextDeps, actor: Actor): Ctx {
  const { db, clock, logger, config, storage, search } = deps;
  return { db, actor, clock, logger, config, storage, ...(search ? { search } : {}) };
}

export function withActor(ctx: Ctx, actor: Actor): Ctx {
  return { ...ctx, actor };
}

export function withDb(ctx: Ctx, db: Knex): Ctx {
  return { ...ctx, db };
}

/**
 * Runs `work` in a transaction: reuses the caller's one when ctx.db already is a transaction
 * (a use case called from another), else opens a new one.
 */
export async function inTransaction<T>(ctx: Ctx, work: (trxCtx: Ctx) => Promise<T>): Promise<T> {
  if ((ctx.db as Knex.Transaction).isTransaction) return work(ctx);
  return ctx.db.transaction((trx) => work(withDb(ctx, trx)));
}

export function accountActor(ctx: Ctx): Extract<Actor, { type: 'account' }> | null {
  return ctx.actor.type === 'account' ? ctx.actor : null;
}

/** What audit logs and status histories record for "who". */
export function actorLabel(actor: Actor): {
  actorType: 'account' | 'system';
  actorId: string;
  actorEmail: string | null;
} {
  if (actor.type === 'account')
    return { actorType: 'account', actorId: String(actor.id), actorEmail: actor.email };
  if (actor.type === 'system') return { actorType: 'system', actorId: actor.id, actorEmail: null };
  return { actorType: 'system', actorId: 'anonymous', actorEmail: null };
}
