/**
 * The OAuth server's storage keeps every code, token, session and grant until it expires; the
 * provider ignores an expired row when it reads one, so nothing needs it afterwards. The job
 * `oauth:purge-expired` removes them in batches (short statements, so a purge never holds locks for
 * long beside the token endpoint), at most `maxRows` per run; what is left goes at the next run.
 */
import type { Ctx } from '../context.ts';
import { OAuthEntry } from '../../models/oauth-entry.ts';

const BATCH = 1_000;

export async function purgeExpiredOAuthEntries(
  ctx: Ctx,
  opts: { maxRows?: number } = {},
): Promise<{ removed: number }> {
  const maxRows = opts.maxRows ?? 100_000;
  const now = ctx.clock.now();
  let removed = 0;
  while (removed < maxRows) {
    const n = await OAuthEntry.query(ctx.db)
      .where('expiresAt', '<', now)
      .limit(Math.min(BATCH, maxRows - removed))
      .delete();
    removed += n;
    if (n === 0) break;
  }
  return { removed };
}
