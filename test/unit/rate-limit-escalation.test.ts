import { expect } from 'chai';
import { afterStrike, forgetAt, NO_BLOCK, type BlockState } from '../../api/rate-limit/escalation.ts';
import type { BlockRule } from '../../api/rate-limit/policy.ts';

const S = 1000;
const rule: BlockRule = { max429: 2, windowSec: 3600, stepsSec: [60, 300, 900, 3600], quietSec: 86400 };

/** `count` strikes at `now`, from `state`; returns the last result. */
function strikes(state: BlockState, now: number, count: number) {
  let result = { state, block: null as ReturnType<typeof afterStrike>['block'] };
  for (let i = 0; i < count; i++) result = afterStrike(result.state, now, rule);
  return result;
}

describe('afterStrike (unit): the escalating block of one category', () => {
  it('max429 strikes in the window do not block; one more blocks for the first step and closes the window', () => {
    const two = strikes(NO_BLOCK, 0, 2);
    expect(two.block).to.equal(null);
    expect(two.state).to.deep.equal({ strikes: 2, strikesUntil: 3600 * S, level: 0, blockedUntil: null });
    const third = afterStrike(two.state, 10 * S, rule);
    expect(third.block).to.deep.equal({ msLeft: 60 * S, level: 1 });
    expect(third.state).to.deep.equal({ strikes: 0, strikesUntil: null, level: 1, blockedUntil: 70 * S });
  });

  it('a strike after the window ended opens a new window', () => {
    const two = strikes(NO_BLOCK, 0, 2);
    const late = afterStrike(two.state, 3600 * S, rule);
    expect(late.block).to.equal(null);
    expect(late.state).to.include({ strikes: 1, strikesUntil: 7200 * S });
  });

  it('a strike during a running block reports that block and changes nothing', () => {
    const blocked = strikes(NO_BLOCK, 0, 3).state;
    expect(afterStrike(blocked, 20 * S, rule)).to.deep.equal({
      state: blocked,
      block: { msLeft: 40 * S, level: 1 },
    });
  });

  it('the steps follow each other while blocks come within a day of the last end; the last repeats', () => {
    let state = NO_BLOCK;
    let now = 0;
    for (const step of [60, 300, 900, 3600, 3600]) {
      const result = strikes(state, now, 3);
      expect(result.block).to.deep.equal({ msLeft: step * S, level: Math.min(state.level + 1, 4) });
      state = result.state;
      now = state.blockedUntil! + 86400 * S - 1;
    }
  });

  it('a day after the last block ended, the next block is a first one again', () => {
    const first = strikes(NO_BLOCK, 0, 3).state;
    const second = strikes(first, first.blockedUntil! + 86400 * S, 3);
    expect(second.block).to.deep.equal({ msLeft: 60 * S, level: 1 });
  });

  it('forgetAt: the later of the window end and a day after the block end', () => {
    expect(forgetAt({ strikes: 1, strikesUntil: 3600 * S, level: 0, blockedUntil: null }, rule)).to.equal(
      3600 * S,
    );
    expect(forgetAt({ strikes: 0, strikesUntil: null, level: 1, blockedUntil: 60 * S }, rule)).to.equal(
      (60 + 86400) * S,
    );
  });
});
