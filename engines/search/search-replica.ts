/**
 * The search index of one process, kept in step with MariaDB (the truth) through the
 * search_journal table, the way each node of a cluster replays a shared journal into its local
 * index:
 *
 * - start(): notes the journal's last id, builds the index from every public offer, then is ready.
 * - Every `searchPollMs` (0.5 s) it reads the journal rows after the last one it applied and
 *   reloads what they name: offers (upsert or remove), all offers of a company, the synonyms, or
 *   everything (REINDEX, written by `recrutement search reindex`). Applying a row twice is
 *   harmless, which makes the rules below simple.
 * - markWritten() / beforeRead(): after a successful write the API marks the replica, and the next
 *   search on this instance reads the journal first, so the instance that made a change answers
 *   with it at once (writes themselves pay nothing); the others within a poll interval.
 * - Ids of rows not yet committed when a later row was read (auto-increment ids commit out of
 *   order) are remembered for HOLE_TTL_MS and read again, so a slow transaction is not skipped.
 * - A process that fell behind the journal's retention (a day) rebuilds from scratch.
 *
 * Reads and rebuild swaps go through one queue, so they never interleave.
 */
import type { Knex } from 'knex';
import type { SearchIndex } from '../../domain/search/search-index.ts';
import type { Logger } from '../../lib/logger.ts';
import { OffreIndex } from '../../domain/search/offre-index.ts';
import {
  allPublicOffres,
  publicOffresByIds,
  publicOffresOfEntreprises,
} from '../../domain/search/indexed-offres.ts';
import { SynonymSet, type SynonymGroup } from '../../domain/search/synonym-set.ts';
import { loadSynonymGroups } from '../../domain/search/synonym-groups.ts';
import { compactHeap } from '../../lib/heap-compaction.ts';
import { OffreViewCache } from './offre-view-cache.ts';

const HOLE_TTL_MS = 30_000;
const JOURNAL_RETENTION_HOURS = 24;
const PURGE_EVERY_MS = 10 * 60_000;
const READ_LIMIT = 2000;

interface JournalRow {
  id: number | string;
  kind: 'OFFRE' | 'ENTREPRISE' | 'SYNONYMS' | 'REINDEX';
  refId: number | string | null;
}

export interface BuildStats {
  offres: number;
  words: number;
  ms: number;
  heapMb: number;
}

export interface SearchReplicaOptions {
  pollMs: number;
  /** Read the journal before every search (read-your-writes everywhere, at one query a search). */
  syncOnRead: boolean;
  /**
   * After each build, collect the heap with compaction (lib/heap-compaction.ts): the build leaves
   * the old generation fragmented, and every young collection of a serving process pays for it.
   */
  compactHeapAfterBuild?: boolean;
}

export class SearchReplica implements SearchIndex {
  private current = new OffreIndex();
  private synonymSet = new SynonymSet();
  private lastId = 0;
  private readonly holes = new Map<number, number>();
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private lastPurge = 0;
  private started: Promise<BuildStats> | null = null;
  ready = false;
  private written = false;
  /** Views of the offers search pages show, dropped when the journal names them. */
  readonly views = new OffreViewCache();
  private changes = 0;

  constructor(
    private readonly db: Knex,
    private readonly logger: Logger,
    readonly options: SearchReplicaOptions,
  ) {}

  get index(): OffreIndex {
    return this.current;
  }

  get synonyms(): SynonymSet {
    return this.synonymSet;
  }

  /**
   * Moves whenever what a search answers may have changed: the index or the synonyms applied a
   * change, or this process wrote something. An answer kept under one generation is stale after.
   */
  get generation(): number {
    return this.changes;
  }

  /** Builds the index once (later calls share the first build) and starts following the journal. */
  start(): Promise<BuildStats> {
    this.started ??= this.rebuild().then((stats) => {
      this.ready = true;
      this.timer = setInterval(() => void this.catchUp().catch(() => undefined), this.options.pollMs);
      this.timer.unref();
      return stats;
    });
    return this.started;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Applies every journal row committed so far. Concurrent callers share the next read. */
  catchUp(): Promise<void> {
    return this.enqueue(() => this.readJournal());
  }

  /** This process committed a write: its next search reads the journal first. */
  markWritten(): void {
    this.written = true;
    this.changes++;
  }

  /** Before a search: wait for the first build, and read the journal after a write of ours (or always, when configured to). */
  async beforeRead(): Promise<void> {
    if (!this.ready) await this.start();
    if (this.options.syncOnRead || this.written) {
      this.written = false;
      await this.catchUp();
    }
  }

  /** Builds a new index from the database and swaps it in. */
  async rebuild(): Promise<BuildStats> {
    const t0 = performance.now();
    // eslint-disable-next-line no-restricted-syntax -- SQL: journal table (MAX id)
    const [{ last }] = (await this.db('searchJournal').max({ last: 'id' })) as {
      last: number | string | null;
    }[];
    const from = Number(last ?? 0);
    const synonyms = new SynonymSet(await loadSynonymGroups(this.db));
    const fresh = new OffreIndex();
    for await (const batch of allPublicOffres(this.db)) for (const offre of batch) fresh.upsert(offre);
    await this.enqueue(async () => {
      this.current = fresh;
      this.synonymSet = synonyms;
      this.lastId = from;
      this.holes.clear();
      this.views.clear();
      this.changes++;
    });
    const stats: BuildStats = {
      offres: fresh.size,
      words: fresh.vocabularySize,
      ms: Math.round(performance.now() - t0),
      heapMb: Math.round(process.memoryUsage().heapUsed / 1048576),
    };
    this.logger.info({ event: 'search.index.built', ...stats }, 'search index built');
    if (this.options.compactHeapAfterBuild) {
      const compaction = compactHeap();
      this.logger.info(
        { event: 'heap.compacted', ...compaction },
        'heap compacted after the search index build',
      );
    }
    return stats;
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async readJournal(): Promise<void> {
    const holeIds = [...this.holes.keys()];
    // eslint-disable-next-line no-restricted-syntax -- SQL: journal table (polled every second)
    const rows = (await this.db('searchJournal')
      .where((q) => {
        q.where('id', '>', this.lastId);
        if (holeIds.length) q.orWhereIn('id', holeIds);
      })
      .orderBy('id')
      .limit(READ_LIMIT)
      .select('id', 'kind', 'refId')) as JournalRow[];
    if (rows.length === 0) return this.housekeeping();
    if (await this.fellBehind(rows)) {
      await this.queueRebuild();
      return;
    }
    await this.apply(rows);
    this.changes++;
    this.advance(rows.map((r) => Number(r.id)));
    if (rows.length === READ_LIMIT) await this.readJournal();
  }

  private async apply(rows: JournalRow[]): Promise<void> {
    if (rows.some((r) => r.kind === 'REINDEX')) {
      await this.queueRebuild();
      return;
    }
    if (rows.some((r) => r.kind === 'SYNONYMS'))
      this.synonymSet = new SynonymSet(await loadSynonymGroups(this.db));
    const offreIds = [...new Set(rows.filter((r) => r.kind === 'OFFRE').map((r) => Number(r.refId)))];
    const entrepriseIds = [
      ...new Set(rows.filter((r) => r.kind === 'ENTREPRISE').map((r) => Number(r.refId))),
    ];
    const index = this.current;
    this.views.evictOffres(offreIds);
    this.views.evictCompanies(entrepriseIds);
    const found = await publicOffresByIds(this.db, offreIds);
    for (const id of offreIds) index.remove(id);
    for (const offre of found) index.upsert(offre);
    if (entrepriseIds.length) {
      const ofEntreprises = await publicOffresOfEntreprises(this.db, entrepriseIds);
      for (const id of entrepriseIds) for (const offreId of index.idsOfCompany(id)) index.remove(offreId);
      for (const offre of ofEntreprises) index.upsert(offre);
    }
  }

  /** Moves the high-water mark; ids skipped on the way are holes to read again for a while. */
  private advance(ids: number[]): void {
    const now = Date.now();
    for (const id of ids) this.holes.delete(id);
    const top = Math.max(this.lastId, ...ids);
    const seen = new Set(ids);
    for (let id = this.lastId + 1; id < top && top - id < 10_000; id++)
      if (!seen.has(id)) this.holes.set(id, now);
    this.lastId = top;
    for (const [id, since] of this.holes) if (now - since > HOLE_TTL_MS) this.holes.delete(id);
  }

  /** True when rows after ours were purged before we read them. */
  private async fellBehind(rows: JournalRow[]): Promise<boolean> {
    if (Number(rows[0].id) <= this.lastId + 1) return false;
    // eslint-disable-next-line no-restricted-syntax -- SQL: journal table (MIN id)
    const [{ first }] = (await this.db('searchJournal').min({ first: 'id' })) as {
      first: number | string | null;
    }[];
    return (
      first !== null &&
      Number(first) > this.lastId + 1 &&
      this.lastId > 0 &&
      Number(rows[0].id) === Number(first)
    );
  }

  /** A rebuild must not run inside the queue (it enqueues its own swap): start it after. */
  private async queueRebuild(): Promise<void> {
    setImmediate(
      () => void this.rebuild().catch((err) => this.logger.error({ err }, 'search index rebuild failed')),
    );
  }

  private async housekeeping(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    // eslint-disable-next-line no-restricted-syntax -- SQL: journal table (purge)
    await this.db('searchJournal')
      .where('createdAt', '<', this.db.raw(`NOW(3) - INTERVAL ${JOURNAL_RETENTION_HOURS} HOUR`))
      .limit(10_000)
      .delete();
  }
}

export type { SynonymGroup };

/** The search index of a process that serves searches, configured from its settings. */
export function createSearchReplica(
  db: Knex,
  logger: Logger,
  config: { searchPollMs: number; searchSyncOnRead: boolean },
  more: Pick<SearchReplicaOptions, 'compactHeapAfterBuild'> = {},
): SearchReplica {
  return new SearchReplica(db, logger, {
    pollMs: config.searchPollMs,
    syncOnRead: config.searchSyncOnRead,
    ...more,
  });
}
