/**
 * The offers one alert has not been sent yet, found in SQL: PUBLISHED, still open, published in
 * the alert's window, matching its keywords (FULLTEXT indexes ft_offres_all, and
 * ft_offres_short_all for 2-character words, boolean mode; keyword-search.ts) and its filters,
 * and not already in job_alert_matches for this alert.
 *
 * The window starts a few minutes before the last match (MATCH_LOOKBACK_MS): an offer whose
 * publishing transaction committed after a run had read the offers, but whose publishedAt was set
 * before that run's time, is still found by the next run. job_alert_matches keeps that overlap
 * from sending anything twice, and the window never starts before the alert's creation.
 *
 * Speed: a full-text search costs what the whole index holds for the words (every offer ever
 * published), not what the window holds, and 100,000 alerts repeat the same words. So the
 * matcher of one run asks the index once per distinct (keywords, window start), keeps the ids of
 * the offers of that window, and each alert's own query then filters those ids by primary key.
 * After a daily run every alert's window starts at the same instant, so the cache hits often.
 */
import type { Knex } from 'knex';
import type { ContractType } from '../../models/offre.ts';
import { keywordFilter, type FulltextSettings } from './keyword-search.ts';
import type { DigestOffre } from './alert-emails.ts';
import { localDate } from '../offres/close-expired-offres.ts';

export const MATCH_LOOKBACK_MS = 10 * 60_000;
/** Bounds the memory of one run's keyword cache (entries are lists of offer ids). */
const MAX_CACHED_SEARCHES = 20_000;

export interface MatchableAlert {
  id: number;
  keywords: string;
  villeId: number | null;
  regionId: number | null;
  contractType: ContractType | null;
  salaireMin: number | null;
  remotePossible: boolean | null;
  createdAt: Date;
  lastMatchedAt: Date | null;
}

export function windowStart(alert: MatchableAlert): Date {
  const created = new Date(alert.createdAt).getTime();
  const last = alert.lastMatchedAt ? new Date(alert.lastMatchedAt).getTime() - MATCH_LOOKBACK_MS : created;
  return new Date(Math.max(created, last));
}

export interface OffreMatcher {
  /** The offers to send to this alert, newest first. */
  find(alert: MatchableAlert): Promise<DigestOffre[]>;
}

/** A matcher for one run: offers published up to `until` (the run's start). */
export function createOffreMatcher(db: Knex, ft: FulltextSettings, until: Date): OffreMatcher {
  const searches = new Map<string, Promise<number[]>>();

  function keywordOffreIds(keywords: string, from: Date): Promise<number[]> {
    const filter = keywordFilter(keywords, ft);
    const key = `${from.getTime()}|${filter.booleanQuery ?? ''}|${filter.shortQuery ?? ''}|${filter.regexps.join('|')}`;
    let ids = searches.get(key);
    if (!ids) {
      const q = db('offres as o')
        .where('o.status', 'PUBLISHED')
        .where('o.publishedAt', '>', from)
        .where('o.publishedAt', '<=', until)
        .pluck('o.id');
      if (filter.booleanQuery)
        q.whereRaw('MATCH(o.titre, o.competences_text, o.description) AGAINST (? IN BOOLEAN MODE)', [
          filter.booleanQuery,
        ]);
      if (filter.shortQuery)
        q.whereRaw(
          'MATCH(o.titre_short, o.competences_short, o.description_short) AGAINST (? IN BOOLEAN MODE)',
          [filter.shortQuery],
        );
      for (const pattern of filter.regexps)
        q.whereRaw("CONCAT_WS(' ', o.titre, o.competences_text, o.description) REGEXP ?", [pattern]);
      ids = q.then((rows) => rows as number[]);
      if (searches.size >= MAX_CACHED_SEARCHES) searches.clear();
      searches.set(key, ids);
      // A failed search is not kept: the next alert asks again.
      ids.catch(() => searches.delete(key));
    }
    return ids;
  }

  return {
    async find(alert) {
      const candidates = await keywordOffreIds(alert.keywords, windowStart(alert));
      if (candidates.length === 0) return [];
      const q = db('offres as o')
        .join('entreprises as e', 'e.id', 'o.entrepriseId')
        .leftJoin('villes as v', 'v.id', 'o.villeId')
        .whereIn('o.id', candidates)
        .where('o.status', 'PUBLISHED')
        .where('e.status', 'ACTIVE')
        // Open offers only: the same local day rule as offres:close-expired.
        .where((w) => w.whereNull('o.deadline').orWhere('o.deadline', '>=', localDate(until)))
        .whereNotExists((s) =>
          s
            .select(db.raw('1'))
            .from('jobAlertMatches as m')
            .where('m.alertId', alert.id)
            .whereRaw('m.offre_id = o.id'),
        )
        .select('o.id', 'o.titre', 'e.nomEntreprise as entrepriseNom', 'v.nom as villeNom', 'o.contractType')
        .orderBy('o.publishedAt', 'desc')
        .orderBy('o.id', 'desc');
      if (alert.villeId !== null) q.where('o.villeId', alert.villeId);
      if (alert.regionId !== null) q.where('v.regionId', alert.regionId);
      if (alert.contractType !== null) q.where('o.contractType', alert.contractType);
      // Salary ranges overlap (api-contract.md section 3): an offer without a maximum is kept.
      if (alert.salaireMin !== null)
        q.where((w) => w.whereNull('o.salaireMax').orWhere('o.salaireMax', '>=', alert.salaireMin!));
      // remotePossible=true asks for remote offers only; false or absent does not exclude them.
      if (alert.remotePossible === true) q.where('o.remotePossible', true);
      return (await q) as DigestOffre[];
    },
  };
}
