/**
 * The recommendation engine of one process: two concept indexes (public offers, candidates) and
 * the ranking over them. No request scans a table: a request reads the postings of the concepts
 * of one profile (or one offer), so it touches only the documents that share a concept with it.
 *
 * Freshness, the way the search index keeps it (domain/search/search-replica.ts):
 * - offers follow the search journal (triggers write a row for every offer and company change):
 *   before a request, when the last read is older than SEARCH_POLL_MS (or always with
 *   SEARCH_SYNC_ON_READ), the engine reads the journal rows after the last one it applied, plus
 *   those of the last 10 s again (ids commit out of order; applying a row twice is harmless);
 * - candidates follow the updated_at of their profile and of their preferences (indexed);
 * - synonyms changed, or `recrutement search reindex`: the whole engine is rebuilt.
 * What must hold exactly (closed offers, hidden profiles, applications, dismissals) is checked
 * against MariaDB for the answered page by the use cases, so a late index only ranks late.
 *
 * One engine per search replica (the API's processes) or per database handle (jobs, CLI).
 */
import type { Knex } from 'knex';
import type { Ctx } from '../context.ts';
import { loadSynonymGroups } from '../search/index.ts';
import { ConceptDictionary, allConcepts } from './concepts.ts';
import { ConceptIndex } from './concept-index.ts';
import {
  allCandidatDocs,
  allOffreDocs,
  candidatDocsChangedSince,
  offreDocsByIds,
  offreDocsOfEntreprises,
} from './loaders.ts';
import {
  distanceKm,
  passesHardFilters,
  baseScore,
  scorePair,
  type CandidatDoc,
  type OffreDoc,
  type PairScore,
} from './match.ts';
import { LOCATION_ZERO_KM, PART_WEIGHTS } from './weights.ts';
import { rankedList, type FeedbackItem, type Ranked, type RankedList } from './ranked-list.ts';

/** Exact scores are computed for this many best documents by prescore; the rest follow by prescore. */
export const RERANK_DEPTH = 200;

export type { FeedbackItem, Ranked } from './ranked-list.ts';

/** Feedback on one pair: what to add to the base score, by name. */
export type Adjust<D> = (doc: D) => FeedbackItem[];

export interface EngineStats {
  offres: number;
  candidats: number;
  concepts: number;
  ms: number;
}

interface JournalRow {
  id: number | string;
  kind: 'OFFRE' | 'ENTREPRISE' | 'SYNONYMS' | 'REINDEX';
  refId: number | string | null;
}

const round4 = (n: number) => Math.round(n * 10000) / 10000;

export class RecommendationEngine {
  dict = new ConceptDictionary();
  offres = new ConceptIndex<OffreDoc>();
  candidats = new ConceptIndex<CandidatDoc>();
  private lastJournalId = 0;
  private candidatsSince = new Date(0);
  private lastSync = 0;
  private built: Promise<EngineStats> | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Knex,
    private readonly options: { pollMs: number; syncOnRead: boolean },
  ) {}

  /** Inverse document frequency of a concept among the public offers. */
  readonly idf = (c: number): number => Math.log(1 + this.offres.size / (1 + this.offres.frequency(c)));

  /** Built once, then caught up with the journal and the profiles when due. */
  async ready(): Promise<void> {
    this.built ??= this.build();
    await this.built;
    if (this.options.syncOnRead || Date.now() - this.lastSync >= this.options.pollMs) {
      await this.catchUp();
      // A synonym change or a reindex seen by this catch-up rebuilds: answer from the new indexes.
      await this.built;
    }
  }

  /** Builds every index from the database (also after a synonym change or a reindex request). */
  async build(): Promise<EngineStats> {
    const t0 = performance.now();
    // eslint-disable-next-line no-restricted-syntax -- SQL: journal table (MAX id)
    const [{ last }] = (await this.db('searchJournal').max({ last: 'id' })) as {
      last: number | string | null;
    }[];
    const startedAt = await this.dbNow();
    const dict = new ConceptDictionary(await loadSynonymGroups(this.db));
    const offres = new ConceptIndex<OffreDoc>();
    for await (const batch of allOffreDocs(this.db, dict))
      for (const o of batch) offres.upsert(o, offreConcepts(o));
    const candidats = new ConceptIndex<CandidatDoc>();
    for await (const batch of allCandidatDocs(this.db, dict))
      for (const c of batch) if (hasProfile(c)) candidats.upsert(c, candidatConcepts(c));
    await this.enqueue(async () => {
      this.dict = dict;
      this.offres = offres;
      this.candidats = candidats;
      this.lastJournalId = Number(last ?? 0);
      this.candidatsSince = startedAt;
      this.lastSync = Date.now();
    });
    return {
      offres: offres.size,
      candidats: candidats.size,
      concepts: dict.size,
      ms: Math.round(performance.now() - t0),
    };
  }

  /**
   * Built, and caught up with what was committed before the call, whatever SEARCH_POLL_MS says
   * (a rebuild the catch-up starts is awaited too). For runs that rank many candidates.
   */
  async upToDate(): Promise<void> {
    await this.ready();
    await this.catchUp();
    await this.built;
  }

  /** Applies the journal rows and the profile changes committed since the last look. */
  catchUp(): Promise<void> {
    return this.enqueue(() => this.readChanges());
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async dbNow(): Promise<Date> {
    const [rows] = (await this.db.raw('SELECT NOW(3) AS now')) as [{ now: Date }[]];
    return new Date(rows[0].now);
  }

  private async readChanges(): Promise<void> {
    this.lastSync = Date.now();
    // Two reads, each on its index (an OR would scan the journal): the rows after the last one
    // applied, and those of the last 10 s again.
    const [after, recent] = (await Promise.all([
      // eslint-disable-next-line no-restricted-syntax -- SQL: journal table, read like the search replica does
      this.db('searchJournal')
        .where('id', '>', this.lastJournalId)
        .orderBy('id')
        .limit(5000)
        .select('id', 'kind', 'refId'),
      // eslint-disable-next-line no-restricted-syntax -- SQL: journal table, the last seconds again
      this.db('searchJournal')
        .where('createdAt', '>', this.db.raw('NOW(3) - INTERVAL 10 SECOND'))
        .limit(5000)
        .select('id', 'kind', 'refId'),
    ])) as [JournalRow[], JournalRow[]];
    const rows = [...after, ...recent];
    // Only a REINDEX or SYNONYMS row not applied yet rebuilds: the rows of the last seconds come
    // back at every read, and an old one must not rebuild the engine again.
    if (rows.some((r) => (r.kind === 'REINDEX' || r.kind === 'SYNONYMS') && isNew(this.lastJournalId)(r))) {
      this.lastJournalId = Math.max(this.lastJournalId, ...rows.map((r) => Number(r.id)));
      this.built = this.build();
      return;
    }
    const offreIds = [...new Set(rows.filter((r) => r.kind === 'OFFRE').map((r) => Number(r.refId)))];
    const entrepriseIds = [
      ...new Set(rows.filter((r) => r.kind === 'ENTREPRISE').map((r) => Number(r.refId))),
    ];
    const found = await offreDocsByIds(this.db, this.dict, offreIds);
    for (const id of offreIds) this.offres.remove(id);
    for (const o of found) this.offres.upsert(o, offreConcepts(o));
    if (entrepriseIds.length) {
      const ofEntreprises = await offreDocsOfEntreprises(this.db, this.dict, entrepriseIds);
      const keep = new Set(ofEntreprises.map((o) => o.id));
      for (let slot = 0; slot < this.offres.slots; slot++) {
        const o = this.offres.doc(slot);
        if (o && entrepriseIds.includes(o.entrepriseId) && !keep.has(o.id)) this.offres.remove(o.id);
      }
      for (const o of ofEntreprises) this.offres.upsert(o, offreConcepts(o));
    }
    if (rows.length) this.lastJournalId = Math.max(this.lastJournalId, ...rows.map((r) => Number(r.id)));
    // Profiles: changed at or after the last change seen, less a margin for clocks and slow commits.
    const since = new Date(this.candidatsSince.getTime() - 5000);
    const { docs, goneIds, latest } = await candidatDocsChangedSince(this.db, this.dict, since);
    for (const id of goneIds) this.candidats.remove(id);
    for (const c of docs) {
      if (hasProfile(c)) this.candidats.upsert(c, candidatConcepts(c));
      else this.candidats.remove(c.id);
    }
    if (latest > this.candidatsSince) this.candidatsSince = latest;
  }

  /** A profile read now (the candidate's own, never from the index) into the shape the index uses. */
  queryConcepts(c: CandidatDoc): number[] {
    return candidatConcepts(c);
  }

  /** Scratch of the accumulations: one weight per slot, zero between requests (rankings are synchronous). */
  private acc = new Float64Array(0);

  /**
   * Adds each concept's idf to the slots of its postings: the slots touched (each once), the
   * weights (read them before the next accumulation), and the query's total weight.
   */
  private accumulate<D extends { id: number }>(index: ConceptIndex<D>, concepts: number[]) {
    if (this.acc.length < index.slots)
      this.acc = new Float64Array(Math.max(index.slots, this.acc.length * 2));
    const acc = this.acc;
    const touched: number[] = [];
    let mass = 0;
    for (const q of concepts) {
      const w = this.idf(q);
      mass += w;
      index.each(q, (slot) => {
        if (acc[slot] === 0) touched.push(slot);
        acc[slot] += w;
      });
    }
    return { acc, touched, mass };
  }

  /** The documents of the touched slots that `keep` accepts, with their prescores; clears the scratch. */
  private gather<D extends { id: number }>(
    index: ConceptIndex<D>,
    found: { acc: Float64Array; touched: number[]; mass: number },
    keep: (doc: D) => boolean,
    prescoreOf: (doc: D, acc: number, mass: number) => number,
  ): { docs: D[]; pre: Float64Array } {
    const docs: D[] = [];
    const pre = new Float64Array(found.touched.length);
    for (const slot of found.touched) {
      const a = found.acc[slot]!;
      found.acc[slot] = 0;
      const doc = index.doc(slot);
      if (!doc || !keep(doc)) continue;
      pre[docs.length] = prescoreOf(doc, a, found.mass);
      docs.push(doc);
    }
    return { docs, pre: pre.subarray(0, docs.length) };
  }

  /**
   * Offers for a candidate: every public offer sharing a concept with the profile, not excluded,
   * open on `today` (YYYYMMDD) and within the candidate's hard filters, best first.
   */
  rankOffres(
    c: CandidatDoc,
    opts: { exclude: Set<number>; today: number; adjust: Adjust<OffreDoc>; depth?: number },
  ): RankedList<OffreDoc> {
    const found = this.accumulate(this.offres, candidatConcepts(c));
    const { docs, pre } = this.gather(
      this.offres,
      found,
      (o) => !opts.exclude.has(o.id) && o.deadline >= opts.today && passesHardFilters(c, o),
      (o, a, mass) => prescore(a, mass, c, o),
    );
    return rankedList(docs, pre, opts.depth ?? RERANK_DEPTH, {
      key: (d) => finalScore(baseScore(c, d, this.idf), opts.adjust(d)),
      exact: (d) => this.exact(d, (x) => scorePair(c, x, this.idf), opts.adjust),
    });
  }

  /**
   * Candidates for an offer: every indexed candidate sharing a concept with it, accepted by
   * `eligible` (visibility, pools, exclusions) and whose own hard filters let the offer through.
   */
  rankCandidats(
    o: OffreDoc,
    opts: { eligible: (c: CandidatDoc) => boolean; adjust: Adjust<CandidatDoc>; depth?: number },
  ): RankedList<CandidatDoc> {
    const found = this.accumulate(this.candidats, offreConcepts(o));
    const { docs, pre } = this.gather(
      this.candidats,
      found,
      (c) => opts.eligible(c) && passesHardFilters(c, o),
      (c, a, mass) => prescore(a, mass, c, o),
    );
    return rankedList(docs, pre, opts.depth ?? RERANK_DEPTH, {
      key: (d) => finalScore(baseScore(d, o, this.idf), opts.adjust(d)),
      exact: (d) => this.exact(d, (x) => scorePair(x, o, this.idf), opts.adjust),
    });
  }

  exact<D>(doc: D, score: (d: D) => PairScore, adjust: Adjust<D>): Ranked<D> {
    const pair = score(doc);
    const feedback = adjust(doc);
    return { doc, pair, feedback, score: finalScore(pair.base, feedback) };
  }
}

/** The score a result shows: its base and its feedback, never below 0. */
function finalScore(base: number, feedback: FeedbackItem[]): number {
  let total = base;
  for (const f of feedback) total += f.contribution;
  return round4(Math.max(0, total));
}

function isNew(lastId: number) {
  return (r: JournalRow) => Number(r.id) > lastId;
}

function hasProfile(c: CandidatDoc): boolean {
  return c.title.words.length > 0 || c.skillList.some((s) => s.words.length > 0);
}

export function offreConcepts(o: OffreDoc): number[] {
  return [...allConcepts(o.title), ...o.skills.flatMap((s) => allConcepts(s.a))];
}

export function candidatConcepts(c: CandidatDoc): number[] {
  return [...allConcepts(c.title), ...c.skillList.flatMap(allConcepts)];
}

/** A cheap estimate used to choose which documents get an exact score: shared concept mass and place. */
function prescore(acc: number, mass: number, c: CandidatDoc, o: OffreDoc): number {
  const text = mass > 0 ? Math.min(1, acc / mass) : 0;
  const d = c.villeId !== null && c.villeId === o.villeId ? 0 : distanceKm(c, o);
  const place = d === null ? 0 : Math.max(0, 1 - d / LOCATION_ZERO_KM);
  return (PART_WEIGHTS.title + PART_WEIGHTS.skills) * text + PART_WEIGHTS.location * place;
}

const engines = new WeakMap<object, RecommendationEngine>();

/**
 * The engine of this process: one per search replica (API processes share it across requests),
 * else one per database handle (a job or a command).
 */
export function engineOf(ctx: Ctx): RecommendationEngine {
  if ((ctx.db as Knex.Transaction).isTransaction)
    throw new Error('the recommendation engine reads outside transactions');
  const key: object = ctx.search ?? ctx.db;
  let engine = engines.get(key);
  if (!engine) {
    engine = new RecommendationEngine(ctx.db, {
      pollMs: ctx.config.searchPollMs,
      syncOnRead: ctx.config.searchSyncOnRead,
    });
    engines.set(key, engine);
  }
  return engine;
}

/**
 * Forgets the engine a job or a command built for its run (keyed by its database handle), so a
 * weekly run does not keep the indexes in the worker's memory all week, and the next run builds
 * them fresh instead of catching up a week of journal. The engine of API processes (keyed by
 * their search replica) is shared by their requests and stays.
 */
export function releaseRunEngine(ctx: Ctx): void {
  if (!ctx.search) engines.delete(ctx.db);
}
