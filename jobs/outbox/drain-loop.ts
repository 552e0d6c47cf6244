/**
 * A worker loop that runs `step` as long as it reports more work, else sleeps until woken (a new
 * outbox row, a finished send) or for `idleMs` at most: the idle sweep that finds what no signal
 * announces (a retry coming due, a lease expiring, a subscription turned back on). A failing step
 * (database down) is logged and retried after `idleMs`, never in a tight loop.
 */
export class DrainLoop {
  private wakeRequested = false;
  private stopped = false;
  private sleeper: (() => void) | null = null;
  private done: Promise<void> = Promise.resolve();

  constructor(
    private readonly step: () => Promise<boolean>,
    private readonly idleMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): this {
    this.done = this.run();
    return this;
  }

  wake(): void {
    this.wakeRequested = true;
    this.sleeper?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.sleeper?.();
    await this.done;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.wakeRequested = false;
      let more = false;
      let failed = false;
      try {
        more = await this.step();
      } catch (err) {
        this.onError(err);
        failed = true;
      }
      if (this.stopped || ((more || this.wakeRequested) && !failed)) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.idleMs);
        this.sleeper = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.sleeper = null;
    }
  }
}
