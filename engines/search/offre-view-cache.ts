/**
 * The full views (OffreEmploiResponse) of the offers that search pages show, kept for a short
 * time: loading a page's 20 views costs six database round trips, against 0.1 ms for the index
 * query itself, so without this cache the database is the wall again.
 *
 * Freshness: an entry is dropped as soon as the search journal names its offer or its company
 * (any change of the offer row but its pipeline counters, or of the company row), and in any
 * case after TTL_MS, which bounds what the journal does not see (the counters an application
 * moves, company pages, links, recruiter names). Bounded to MAX_ENTRIES, oldest first.
 */
import type { Ctx } from '../../domain/context.ts';
import { loadFullOffreViews, publicOffreView, type OffreView } from '../../domain/offres/offre-view.ts';

export const VIEW_TTL_MS = 2000;
const MAX_ENTRIES = 5000;

export class OffreViewCache {
  private readonly entries = new Map<number, { view: OffreView; at: number }>();
  private readonly loading = new Map<number, Promise<void>>();

  async load(ctx: Ctx, ids: number[]): Promise<OffreView[]> {
    const now = Date.now();
    const missing = ids.filter((id) => {
      const e = this.entries.get(id);
      return !e || now - e.at > VIEW_TTL_MS;
    });
    // Concurrent requests that miss the same offers share one load (no stampede when entries expire together).
    const toLoad = missing.filter((id) => !this.loading.has(id));
    if (toLoad.length) {
      const loaded = loadFullOffreViews(ctx, toLoad).then((views) => {
        for (const view of views) {
          this.entries.delete(view.id);
          this.entries.set(view.id, { view, at: now });
        }
        for (const id of this.entries.keys()) {
          if (this.entries.size <= MAX_ENTRIES) break;
          this.entries.delete(id);
        }
      });
      const settled = loaded.finally(() => {
        for (const id of toLoad) if (this.loading.get(id) === settled) this.loading.delete(id);
      });
      for (const id of toLoad) this.loading.set(id, settled);
    }
    await Promise.all(new Set(missing.map((id) => this.loading.get(id)).filter((p) => p !== undefined)));
    // Search answers are public (shared caches keep them), whoever asks: never the company's internals.
    return ids.flatMap((id) => {
      const e = this.entries.get(id);
      return e ? [publicOffreView(e.view)] : [];
    });
  }

  evictOffres(ids: Iterable<number>): void {
    for (const id of ids) {
      this.entries.delete(id);
      this.loading.delete(id);
    }
  }

  evictCompanies(ids: Iterable<number>): void {
    const companies = new Set(ids);
    if (companies.size === 0) return;
    for (const [id, e] of this.entries)
      if (e.view.entreprise && companies.has(e.view.entreprise.id)) this.entries.delete(id);
  }

  clear(): void {
    this.entries.clear();
  }
}
