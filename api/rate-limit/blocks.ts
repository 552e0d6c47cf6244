/**
 * The blocks, per (category, subject), in `rate_limit_blocks` so every API instance shares them.
 * Times come from the caller (the app's clock), so a test can move a block's end without sleeping.
 * A strike is one short transaction on one row; rows that say nothing any more are purged a few
 * at a time whenever a strike window opens, which needs no timer.
 */
import type { Knex } from 'knex';
import type { Logger } from '../../lib/logger.ts';
import type { RateCategory } from '../http/route.ts';
import type { BlockRule } from './policy.ts';
import { afterStrike, forgetAt, NO_BLOCK, type BlockState } from './escalation.ts';

export const RATE_LIMIT_BLOCKS_TABLE = 'rate_limit_blocks';
const PURGE_BATCH = 500;

export interface ActiveBlock {
  msLeft: number;
  /** 1 for the first block of an escalation, 2 for the next... */
  level: number;
}

export interface BlockStore {
  /** The block of `subject` in `category` running at `now`, if any. */
  blockOf(category: RateCategory, subject: string, now: Date): Promise<ActiveBlock | null>;
  /** Counts one answer 429; returns the block it started (or found running), else null. */
  strike(category: RateCategory, subject: string, now: Date): Promise<ActiveBlock | null>;
  /** Every block running at `now`, in every category (few: a block is a client that kept going past 429). */
  runningBlocks?(now: Date): Promise<RunningBlock[]>;
  /**
   * Without waiting: true when this instance knows that no block of `subject` in `category` runs at
   * `now`; false when one runs or when it cannot tell without a read (then ask `blockOf`).
   */
  knownClear?(category: RateCategory, subject: string, now: Date): boolean;
}

export interface RunningBlock {
  category: RateCategory;
  subject: string;
  /** End on the app clock, ms. */
  blockedUntil: number;
  level: number;
}

interface BlockRow {
  strikes: number;
  strikesUntil: Date | null;
  level: number;
  blockedUntil: Date | null;
}

const ms = (d: Date | null) => (d ? d.getTime() : null);
const date = (n: number | null) => (n === null ? null : new Date(n));

function stateOf(row: BlockRow | undefined): BlockState {
  if (!row) return NO_BLOCK;
  return {
    strikes: row.strikes,
    strikesUntil: ms(row.strikesUntil),
    level: row.level,
    blockedUntil: ms(row.blockedUntil),
  };
}

export function createBlockStore(db: Knex, rule: BlockRule, logger: Logger): BlockStore {
  const table = () => db(RATE_LIMIT_BLOCKS_TABLE);

  async function purge(now: Date): Promise<void> {
    await table().where('forgetAt', '<', now).limit(PURGE_BATCH).delete();
  }

  return {
    async blockOf(category, subject, now) {
      const row = (await table()
        .where({ category, subject })
        .andWhere('blockedUntil', '>', now)
        .first('blockedUntil', 'level')) as Pick<BlockRow, 'blockedUntil' | 'level'> | undefined;
      return row ? { msLeft: row.blockedUntil!.getTime() - now.getTime(), level: row.level } : null;
    },

    async runningBlocks(now) {
      const rows = (await table()
        .where('blockedUntil', '>', now)
        .select('category', 'subject', 'blockedUntil', 'level')) as (Pick<
        BlockRow,
        'blockedUntil' | 'level'
      > & {
        category: RateCategory;
        subject: string;
      })[];
      return rows.map((r) => ({
        category: r.category,
        subject: r.subject,
        blockedUntil: r.blockedUntil!.getTime(),
        level: r.level,
      }));
    },

    async strike(category, subject, now) {
      const key = { category, subject };
      const { block, opened } = await db.transaction(async (trx) => {
        // The row exists before it is locked, so two first strikes of a client cannot both insert.
        await trx(RATE_LIMIT_BLOCKS_TABLE)
          .insert({ ...key, forgetAt: now })
          .onConflict()
          .ignore();
        const row = (await trx(RATE_LIMIT_BLOCKS_TABLE).where(key).forUpdate().first()) as BlockRow;
        const next = afterStrike(stateOf(row), now.getTime(), rule);
        await trx(RATE_LIMIT_BLOCKS_TABLE)
          .where(key)
          .update({
            strikes: next.state.strikes,
            strikesUntil: date(next.state.strikesUntil),
            level: next.state.level,
            blockedUntil: date(next.state.blockedUntil),
            forgetAt: new Date(forgetAt(next.state, rule)),
          });
        return { block: next.block, opened: next.state.strikes === 1 };
      });
      // Outside the transaction, so the purge's range lock never holds up a strike; a failed
      // purge only leaves old rows for the next one.
      if (opened)
        await purge(now).catch((err: unknown) => logger.warn({ err }, 'rate-limit blocks purge failed'));
      return block;
    },
  };
}
