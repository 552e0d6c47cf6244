import { expect } from 'chai';
import { performance } from 'node:perf_hooks';
import { withMinimumDuration } from '../../lib/minimum-duration.ts';

describe('withMinimumDuration (unit): answers that take the same time whatever happened', () => {
  it('holds a fast answer until the floor and passes its value through', async () => {
    const started = performance.now();
    const value = await withMinimumDuration(40, async () => 'fait');
    expect(value).to.equal('fait');
    expect(performance.now() - started).to.be.at.least(38);
  });

  it('holds a failure until the floor too, then rethrows it', async () => {
    const started = performance.now();
    const failing = withMinimumDuration(40, async () => {
      throw new Error('refusé');
    });
    await failing.then(
      () => expect.fail('should have failed'),
      (err: Error) => expect(err.message).to.equal('refusé'),
    );
    expect(performance.now() - started).to.be.at.least(38);
  });

  it('adds nothing once the work took longer than the floor', async () => {
    let workEnded = 0;
    await withMinimumDuration(5, async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      workEnded = performance.now();
    });
    // Whatever the machine's load, no timer stands between the end of the work and the answer.
    expect(performance.now() - workEnded).to.be.below(5);
  });
});
