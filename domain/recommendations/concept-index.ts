/**
 * An in-memory inverted index from concepts to documents (offers or candidates), with each
 * concept's document frequency. A changed document gets a new slot and its old slot dies; dead
 * slots are dropped from the posting lists when a quarter of the slots are dead.
 */

export class ConceptIndex<D extends { id: number }> {
  private docs: (D | null)[] = [];
  private conceptsOf: (number[] | null)[] = [];
  private readonly slotById = new Map<number, number>();
  private postings = new Map<number, number[]>();
  private readonly df = new Map<number, number>();
  private dead = 0;

  get size(): number {
    return this.slotById.size;
  }

  get slots(): number {
    return this.docs.length;
  }

  doc(slot: number): D | null {
    return this.docs[slot];
  }

  get(id: number): D | null {
    const slot = this.slotById.get(id);
    return slot === undefined ? null : this.docs[slot];
  }

  /** How many live documents hold the concept. */
  frequency(concept: number): number {
    return this.df.get(concept) ?? 0;
  }

  upsert(doc: D, concepts: number[]): void {
    this.remove(doc.id);
    const unique = [...new Set(concepts)];
    const slot = this.docs.push(doc) - 1;
    this.conceptsOf.push(unique);
    this.slotById.set(doc.id, slot);
    for (const c of unique) {
      let list = this.postings.get(c);
      if (!list) this.postings.set(c, (list = []));
      list.push(slot);
      this.df.set(c, (this.df.get(c) ?? 0) + 1);
    }
  }

  remove(id: number): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    for (const c of this.conceptsOf[slot] ?? []) {
      const n = (this.df.get(c) ?? 1) - 1;
      if (n > 0) this.df.set(c, n);
      else this.df.delete(c);
    }
    this.docs[slot] = null;
    this.conceptsOf[slot] = null;
    this.slotById.delete(id);
    this.dead++;
    if (this.dead > 1000 && this.dead * 4 > this.docs.length) this.compact();
  }

  /** Calls `visit` for every live slot holding the concept. */
  each(concept: number, visit: (slot: number) => void): void {
    const list = this.postings.get(concept);
    if (!list) return;
    for (const slot of list) if (this.docs[slot] !== null) visit(slot);
  }

  private compact(): void {
    const docs: (D | null)[] = [];
    const conceptsOf: (number[] | null)[] = [];
    const postings = new Map<number, number[]>();
    this.slotById.clear();
    for (let old = 0; old < this.docs.length; old++) {
      const doc = this.docs[old];
      const concepts = this.conceptsOf[old];
      if (doc === null || concepts === null) continue;
      const slot = docs.push(doc) - 1;
      conceptsOf.push(concepts);
      this.slotById.set(doc.id, slot);
      for (const c of concepts) {
        let list = postings.get(c);
        if (!list) postings.set(c, (list = []));
        list.push(slot);
      }
    }
    this.docs = docs;
    this.conceptsOf = conceptsOf;
    this.postings = postings;
    this.dead = 0;
  }
}
