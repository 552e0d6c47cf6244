/** The use-case context of a bench acting as the system (the way a job runs). */
import type { Knex } from '../../lib/db.ts';
import type { Config } from '../../lib/config.ts';
import { createLogger } from '../../lib/logger.ts';
import { systemClock } from '../../lib/clock.ts';
import type { Storage } from '../../lib/storage.ts';
import { createContext, type Ctx } from '../../domain/context.ts';

export function systemCtx(
  db: Knex,
  opts: { actorId: string; config: Config; storage: Storage; logLevel: string },
): Ctx {
  return createContext(
    {
      db,
      clock: systemClock,
      logger: createLogger(opts.logLevel),
      config: opts.config,
      storage: opts.storage,
    },
    { type: 'system', id: opts.actorId },
  );
}
