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
import { immutableJson } from '../../lib/json-bytes.ts';

export const VIEW_TTL_MS = 2000;
/**
 * An entry this old is reloaded in the background while it is still served, together with the
 * others that came due within REFRESH_BATCH_MS: a busy offer never waits for its reload, and a
 * page of offers costs one load of their views (six round trips for all), not one per offer.
 * A profile of GET /offres/{id} under load showed a third of the CPU in the one-offer loads of
 * entries expiring one after the other.
 */
const REFRESH_AFTER_MS = VIEW_TTL_MS / 2;
const REFRESH_BATCH_MS = 100;
const MAX_ENTRIES = 5000;

export class OffreViewCache {
  private readonly entries = new Map<number, { view: OffreView; at: number }>();
  private readonly loading = new Map<number, Promise<void>>();
  private readonly due = new Set<number>();
  private dueTimer: NodeJS.Timeout | null = null;

  async load(ctx: Ctx, ids: number[]): Promise<OffreView[]> {
    const now = Date.now();
    const missing: number[] = [];
    for (const id of ids) {
      const e = this.entries.get(id);
      if (!e || now - e.at > VIEW_TTL_MS) missing.push(id);
      else if (now - e.at > REFRESH_AFTER_MS && !this.loading.has(id)) this.refreshSoon(ctx, id);
    }
    // Concurrent requests that miss the same offers share one load (no stampede when entries expire together).
    const toLoad = missing.filter((id) => !this.loading.has(id));
    // Awaited below through `loading`, with the loads other requests started.
    if (toLoad.length) void this.start(ctx, toLoad, now);
    await Promise.all(new Set(missing.map((id) => this.loading.get(id)).filter((p) => p !== undefined)));
    // Search answers are public (shared caches keep them), whoever asks: never the company's
    // internals. The views are shared by every request that reads them: callers copy, never change.
    return ids.flatMap((id) => {
      const e = this.entries.get(id);
      return e ? [e.view] : [];
    });
  }

  /** Loads the views of `ids`; each entry is stamped with the time the load started, so TTL bounds its age. */
  private start(ctx: Ctx, ids: number[], now: number): Promise<void> {
    const loaded = loadFullOffreViews(ctx, ids).then((views) => {
      // Only the public view is ever served from here: masked once, when loaded, not at each
      // request; and serialized once, when first sent (lib/json-bytes.ts).
      for (const view of views) {
        this.entries.delete(view.id);
        this.entries.set(view.id, { view: immutableJson(publicOffreView(view)) as OffreView, at: now });
      }
      for (const id of this.entries.keys()) {
        if (this.entries.size <= MAX_ENTRIES) break;
        this.entries.delete(id);
      }
    });
    const settled = loaded.finally(() => {
      for (const id of ids) if (this.loading.get(id) === settled) this.loading.delete(id);
    });
    for (const id of ids) this.loading.set(id, settled);
    return settled;
  }

  private refreshSoon(ctx: Ctx, id: number): void {
    this.due.add(id);
    this.dueTimer ??= setTimeout(() => {
      this.dueTimer = null;
      const ids = [...this.due].filter((d) => !this.loading.has(d));
      this.due.clear();
      // A failed refresh leaves the entries to expire: the next request loads them and sees the error.
      if (ids.length)
        this.start(ctx, ids, Date.now()).catch((err: unknown) =>
          ctx.logger.warn({ err }, 'offer views: background refresh failed'),
        );
    }, REFRESH_BATCH_MS);
    this.dueTimer.unref();
  }

  evictOffres(ids: Iterable<number>): void {
    for (const id of ids) {
      this.entries.delete(id);
      this.loading.delete(id);
    }
  }

  evictCompanies(ids: Iterable<number>): void {
    const entreprises = new Set(ids);
    if (entreprises.size === 0) return;
    for (const [id, e] of this.entries)
      if (e.view.entreprise && entreprises.has(e.view.entreprise.id)) this.entries.delete(id);
  }

  clear(): void {
    this.entries.clear();
    this.due.clear();
  }
}
