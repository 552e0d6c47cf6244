/**
 * What one more answer 429 does to a client's standing in one category (pure: times in ms).
 * More than `max429` refusals within `windowSec` of the first one start a block; each block that
 * starts less than `quietSec` after the previous one ended is the next step (1 min, 5, 15, 60 by
 * default), a block after a quiet spell is a first one again. Starting a block closes the strike
 * window, so the next block takes as many new refusals.
 */
import type { BlockRule } from './policy.ts';

export interface BlockState {
  strikes: number;
  /** End of the strike window (null: none open). */
  strikesUntil: number | null;
  /** Blocks in the current escalation (0: none). */
  level: number;
  /** End of the current or last block. */
  blockedUntil: number | null;
}

export const NO_BLOCK: BlockState = { strikes: 0, strikesUntil: null, level: 0, blockedUntil: null };

export interface Strike {
  state: BlockState;
  /** Set when the client is blocked after this refusal (a new block, or one already running). */
  block: { msLeft: number; level: number } | null;
}

export function isBlocked(state: BlockState, now: number): boolean {
  return state.blockedUntil !== null && state.blockedUntil > now;
}

export function afterStrike(state: BlockState, now: number, rule: BlockRule): Strike {
  // Another instance may have started the block since this request was let through: not a new one.
  if (isBlocked(state, now))
    return { state, block: { msLeft: state.blockedUntil! - now, level: state.level } };
  const windowOpen = state.strikesUntil !== null && state.strikesUntil > now;
  const strikes = windowOpen ? state.strikes + 1 : 1;
  const strikesUntil = windowOpen ? state.strikesUntil : now + rule.windowSec * 1000;
  if (strikes <= rule.max429) return { state: { ...state, strikes, strikesUntil }, block: null };

  const escalates = state.blockedUntil !== null && now - state.blockedUntil < rule.quietSec * 1000;
  const level = escalates ? Math.min(state.level + 1, rule.stepsSec.length) : 1;
  const msLeft = rule.stepsSec[level - 1] * 1000;
  return {
    state: { strikes: 0, strikesUntil: null, level, blockedUntil: now + msLeft },
    block: { msLeft, level },
  };
}

/** After this the state is as good as NO_BLOCK: no strike window open, and the next block would be a first. */
export function forgetAt(state: BlockState, rule: BlockRule): number {
  const quietFrom = state.blockedUntil === null ? 0 : state.blockedUntil + rule.quietSec * 1000;
  return Math.max(state.strikesUntil ?? 0, quietFrom);
}
