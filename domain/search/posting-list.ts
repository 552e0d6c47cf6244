/**
 * A growable list of 32-bit integers: the postings of one indexed word. A posting packs the
 * document's slot and the fields the word occurs in (slot * 8 + field bits). Typed arrays hold
 * 4 bytes a posting, half of what a JavaScript array of small integers takes on 64-bit V8.
 */
export class PostingList {
  data: Int32Array;
  length = 0;

  constructor(capacity = 2) {
    this.data = new Int32Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }

  /** Keeps the postings for which `keep` returns a new value (>= 0), dropping the others (-1). */
  rewrite(keep: (value: number) => number): void {
    let n = 0;
    for (let i = 0; i < this.length; i++) {
      const v = keep(this.data[i]);
      if (v >= 0) this.data[n++] = v;
    }
    this.length = n;
    if (this.data.length > 8 && n < this.data.length / 4) this.data = this.data.slice(0, Math.max(2, n * 2));
  }
}
