/**
 * Kept answers: the serialized answer of a public GET whose bytes depend only on its query string,
 * the caller's language and representation, and a version its route states (a search page: the
 * search index's generation and today's date), kept for KEPT_ANSWER_MS. A profile of
 * GET /offres/search under load put most of the request's own CPU in building and serializing the
 * 37 KB page that the previous request with the same query had just built; a kept answer is sent
 * as its bytes.
 *
 * Freshness: a kept answer is never served once its version moved, so a kept search page ranks
 * exactly what a fresh search would; only what the version does not follow (the pipeline counters
 * of the offer views it shows) can be older than without it: KEPT_ANSWER_MS, and as long again
 * while one request makes the expired answer again (the others of that moment are sent the
 * expired one instead of waiting: at each expiry one request pays for the new answer, not every
 * caller of that query then).
 */
import type { StableAnswer } from './cacheable-answer.ts';
import { ByteBoundedMap } from './byte-bounded-map.ts';

/** The default keeping time (SEARCH_KEPT_ANSWER_MS). */
export const KEPT_ANSWER_MS = 500;
/** Bytes kept at most per process, the oldest answers dropped first. */
const MAX_KEPT_BYTES = 16 * 1024 * 1024;

export interface KeptAnswer {
  answer: StableAnswer;
  cacheControl: string;
  /** The answer is an envelope: each sending appends its own `timestamp`. */
  enveloped: boolean;
}

interface Entry extends KeptAnswer {
  version: string;
  at: number;
}

export class KeptAnswers {
  private readonly entries = new ByteBoundedMap<Entry>(MAX_KEPT_BYTES);
  private readonly making = new Map<string, Promise<void>>();

  constructor(
    private readonly keepMs = KEPT_ANSWER_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The answer kept under `key` for `version` while it is fresh (KEPT_ANSWER_MS). */
  get(key: string, version: string): KeptAnswer | undefined {
    const found = this.find(key, version);
    return found?.fresh ? found.kept : undefined;
  }

  /**
   * The answer kept under `key` for `version`: fresh for KEPT_ANSWER_MS, then expired for as long
   * again (to send only while another request makes it again). Never across versions: an answer
   * whose version moved is dropped.
   */
  find(key: string, version: string): { kept: KeptAnswer; fresh: boolean } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = this.now() - entry.at;
    if (entry.version === version && age < 2 * this.keepMs) return { kept: entry, fresh: age < this.keepMs };
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, version: string, kept: KeptAnswer): void {
    if (this.keepMs <= 0) return;
    this.entries.set(key, { ...kept, version, at: this.now() }, kept.answer.stable.length);
  }

  /**
   * The answer of `key` is being made by another request: resolves when it is kept or its making
   * failed. Requests that find an answer just expired wait for the one request that makes it
   * again, instead of all making it at once (under load, a dozen at each expiry).
   */
  beingMade(key: string): Promise<void> | undefined {
    return this.making.get(key);
  }

  /** This request makes the answer of `key`; call the returned function when it is done, kept or not. */
  startMaking(key: string): () => void {
    let done = () => {};
    this.making.set(
      key,
      new Promise<void>((resolve) => {
        done = () => {
          this.making.delete(key);
          resolve();
        };
      }),
    );
    return done;
  }

  get size(): number {
    return this.entries.size;
  }
}
