/**
 * Gathers items written one at a time by concurrent callers and writes them together: a batch
 * goes when it holds `maxItems`, or `maxWaitMs` after its first item. Each `add` resolves once
 * its batch is written (and rejects if that write failed), so a caller still knows its item is
 * stored before going on.
 */
export class WriteBatcher<T> {
  private items: T[] = [];
  private waiting: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly maxItems: number,
    private readonly maxWaitMs: number,
  ) {}

  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.items.push(item);
      this.waiting.push({ resolve, reject });
      if (this.items.length >= this.maxItems) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.maxWaitMs);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const items = this.items;
    const waiting = this.waiting;
    this.items = [];
    this.waiting = [];
    this.write(items).then(
      () => waiting.forEach((w) => w.resolve()),
      (err: unknown) => waiting.forEach((w) => w.reject(err)),
    );
  }
}
