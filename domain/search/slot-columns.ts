/**
 * What a query reads of every slot it visits, in typed arrays by slot rather than in each slot's
 * object: the deadline (every search filters on it) and the token count of each field (the
 * length norm of the score). A common word leads a query to tens of thousands of slots, visited in
 * slot order: reading these arrays then walks memory in order, where reading each slot's object
 * followed a pointer or two per slot.
 */
export class SlotColumns {
  /** By slot, the deadline as YYYYMMDD: Infinity without one, -Infinity for a dead slot. */
  deadlines = new Float64Array(1024);
  /** By slot, `fields` numbers: the tokens in each field. */
  lengths: Uint32Array;

  constructor(readonly fields: number) {
    this.lengths = new Uint32Array(1024 * fields);
  }

  set(slot: number, deadline: number, lengths: readonly number[]): void {
    if (slot >= this.deadlines.length) this.grow(slot + 1);
    this.deadlines[slot] = deadline;
    for (let f = 0; f < this.fields; f++) this.lengths[slot * this.fields + f] = lengths[f];
  }

  /** The tokens of field `f` in `slot`. */
  length(slot: number, f: number): number {
    return this.lengths[slot * this.fields + f];
  }

  /** A removed slot: no deadline is ever before its own, so no filter keeps it. */
  kill(slot: number): void {
    this.deadlines[slot] = -Infinity;
  }

  /** Moves each slot to `renumber[slot]` (-1: dropped), as the index renumbers its slots. */
  compact(renumber: Int32Array): void {
    const { fields } = this;
    for (let slot = 0; slot < renumber.length; slot++) {
      const to = renumber[slot];
      if (to < 0) continue;
      this.deadlines[to] = this.deadlines[slot];
      this.lengths.copyWithin(to * fields, slot * fields, (slot + 1) * fields);
    }
  }

  private grow(slots: number): void {
    const size = Math.max(slots, this.deadlines.length * 2);
    const deadlines = new Float64Array(size);
    deadlines.set(this.deadlines);
    const lengths = new Uint32Array(size * this.fields);
    lengths.set(this.lengths);
    this.deadlines = deadlines;
    this.lengths = lengths;
  }
}
