/**
 * The search index as a use case reads it: a port. The API process builds the engine that keeps
 * it in step with the database (engines/search/search-replica.ts) and plugs it into the context;
 * the CLI and the jobs have none, and use cases then read MariaDB.
 */
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import type { Offre } from '../shapes/index.ts';
import type { OffreIndex } from './offre-index.ts';
import type { SynonymSet } from './synonym-set.ts';

export interface SearchIndex {
  /** Resolves once the index holds this process's own writes (read-your-writes). */
  beforeRead(): Promise<void>;
  readonly index: OffreIndex;
  readonly synonyms: SynonymSet;
  /** Public offer views by id, in the order asked, from a cache the index keeps in step. */
  readonly views: { load(ctx: Ctx, ids: number[]): Promise<Static<typeof Offre>[]> };
}

declare module '../context.ts' {
  interface Ctx {
    /** The process's search index (API processes; absent in the CLI and the jobs). */
    search?: SearchIndex;
  }
}
