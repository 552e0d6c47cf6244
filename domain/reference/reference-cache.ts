/**
 * The reference data a process serves (regions, cities, neighbourhoods, sectors, levels, blog
 * categories), kept in memory as whatever the caller stores (the API keeps each answer's
 * serialized body and ETag, ready to send) and dropped when the data changes, on any instance.
 *
 * Freshness: the cache reads the version numbers of reference_versions (one small query) when the
 * last read started more than CHECK_EVERY_MS ago, before answering; past half of that it answers
 * from memory and reads them in the background. A kind whose number moved loses its entries. So
 * an answer reflects every change committed before a version read that started less than
 * CHECK_EVERY_MS ago: every instance serves a change within about 1 s, 2 s at most.
 * - markWritten(): this process committed a write; its next read checks the versions first, so
 *   the instance that made a change answers with it at once.
 * - syncOnRead: every read checks the versions first (the tests, which write rows directly).
 * - An entry loaded while the versions moved is served once but not kept.
 */
import type { Knex } from 'knex';
import { performance } from 'node:perf_hooks';
import type { Logger } from '../../lib/logger.ts';
import { readReferenceVersions, type ReferenceKind } from './reference-versions.ts';

export const CHECK_EVERY_MS = 1000;
/** Per kind; only city search keys grow with what clients send. */
const MAX_ENTRIES_PER_KIND = 2000;

interface Entry {
  version: number;
  value: unknown;
}

export class ReferenceCache {
  private versions = new Map<ReferenceKind, number>();
  private readonly entries = new Map<ReferenceKind, Map<string, Entry>>();
  private readonly loading = new Map<string, Promise<unknown>>();
  /** When the last completed version read started (performance.now()). */
  private checkedFrom = -Infinity;
  private writtenAt = -Infinity;
  private check: { from: number; done: Promise<void> } | null = null;

  constructor(
    private readonly db: Knex,
    private readonly logger: Logger,
    private readonly options: { syncOnRead: boolean; checkEveryMs?: number },
  ) {}

  private get checkEveryMs(): number {
    return this.options.checkEveryMs ?? CHECK_EVERY_MS;
  }

  /** The cached value of (kind, key), or `load()`'s, kept until that kind changes. */
  async get<T>(kind: ReferenceKind, key: string, load: () => Promise<T>): Promise<T> {
    const checking = this.freshness();
    if (checking) await checking;
    const version = this.versions.get(kind);
    const hit = this.entries.get(kind)?.get(key);
    if (hit && hit.version === version) return hit.value as T;
    const loadKey = `${kind}\u0000${key}`;
    let pending = this.loading.get(loadKey) as Promise<T> | undefined;
    if (!pending) {
      pending = load().then((value) => {
        if (version !== undefined && this.versions.get(kind) === version)
          this.store(kind, key, { version, value });
        return value;
      });
      const settled = pending.finally(() => this.loading.delete(loadKey));
      settled.catch(() => undefined);
      this.loading.set(loadKey, settled);
    }
    return pending;
  }

  /** This process committed a write: its next read checks the versions first. */
  markWritten(): void {
    this.writtenAt = performance.now();
  }

  /** Drops every entry (the next reads load from the database). */
  clear(): void {
    this.entries.clear();
  }

  /** A pending version read the caller must wait for, or null when the cache may answer now. */
  private freshness(): Promise<void> | null {
    const now = performance.now();
    if (this.options.syncOnRead) return this.checkSince(now);
    if (this.writtenAt >= this.checkedFrom) return this.checkSince(this.writtenAt);
    const age = now - this.checkedFrom;
    if (age >= this.checkEveryMs) return this.checkSince(now - this.checkEveryMs / 2);
    if (age >= this.checkEveryMs / 2 && !this.check)
      this.checkSince(now).catch((err: unknown) =>
        this.logger.warn({ err }, 'reference versions could not be read'),
      );
    return null;
  }

  /** A version read that started at `from` or later (the one under way when it qualifies). */
  private checkSince(from: number): Promise<void> {
    if (this.check && this.check.from >= from) return this.check.done;
    const previous = this.check?.done.catch(() => undefined) ?? Promise.resolve();
    const started = { from: Math.max(from, performance.now()), done: Promise.resolve() };
    started.done = previous
      .then(async () => {
        started.from = performance.now();
        const versions = await readReferenceVersions(this.db);
        for (const [kind, version] of versions)
          if (this.versions.get(kind) !== version) this.entries.delete(kind);
        this.versions = versions;
        this.checkedFrom = Math.max(this.checkedFrom, started.from);
      })
      .finally(() => {
        if (this.check === started) this.check = null;
      });
    this.check = started;
    return started.done;
  }

  private store(kind: ReferenceKind, key: string, entry: Entry): void {
    let ofKind = this.entries.get(kind);
    if (!ofKind) this.entries.set(kind, (ofKind = new Map()));
    ofKind.set(key, entry);
    if (ofKind.size > MAX_ENTRIES_PER_KIND) ofKind.delete(ofKind.keys().next().value!);
  }
}
