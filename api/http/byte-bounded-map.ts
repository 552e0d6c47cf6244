/**
 * A Map that holds at most `maxBytes` of values, by the size each value is stored with: past it,
 * the oldest entries go first. The kept search pages and the replayed answers keep their bytes in one.
 */
export class ByteBoundedMap<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: string, value: V, size: number): void {
    this.delete(key);
    this.entries.set(key, { value, size });
    this.bytes += size;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
