import { expect } from 'chai';
import { BoundedQueue, QueueFullError } from '../../lib/bounded-queue.ts';

describe('Bounded queue (unit)', () => {
  it('runs at most `concurrency` tasks, queues `maxWaiting`, refuses the rest at once', async () => {
    const queue = new BoundedQueue(2, 3);
    let running = 0;
    let peak = 0;
    const release: (() => void)[] = [];
    const task = () =>
      queue.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((r) => release.push(r));
        running -= 1;
        return 'done';
      });
    const accepted = Array.from({ length: 5 }, task);
    const refused = await task().then(
      () => 'ran',
      (err: unknown) => (err instanceof QueueFullError ? 'refused' : 'other'),
    );
    expect(refused).to.equal('refused');
    // Let the tasks finish one by one: the waiting ones start as places free up.
    for (let done = 0; done < 5; done++) {
      while (release.length === 0) await new Promise((r) => setTimeout(r, 1));
      release.shift()!();
    }
    expect(await Promise.all(accepted)).to.deep.equal(['done', 'done', 'done', 'done', 'done']);
    expect(peak).to.equal(2);
  });
});
