/**
 * Alert matching by percolation: a run indexes the offers that are new since the oldest alert
 * window (usually the last daily run) into a small in-memory index, with the analysis, synonyms
 * and typo tolerance of search, then runs each alert's keywords against it. So an alert matches
 * exactly the offers a search for its keywords would find among the new ones, compounds written
 * one way or the other included; only a word no new offer holds is not read as a synonym term
 * with a typo (a day's offers hold few words).
 *
 * Per alert, the offers kept are: public and still open (deadline not passed on the run's day,
 * Cameroon time), published in the alert's window, passing its filters, and not already in
 * job_alert_matches for this alert (nothing is sent twice, even after a crashed run).
 *
 * The window starts a few minutes before the last match (MATCH_LOOKBACK_MS): an offer whose
 * publishing transaction committed after a run had read the offers, but whose publishedAt was set
 * before that run's time, is still found by the next run. job_alert_matches keeps that overlap
 * from sending anything twice, and the window never starts before the alert's creation.
 *
 * Many alerts share their keywords: each distinct keywords text is matched once per run.
 */
import type { Knex } from 'knex';
import type { ContractType } from '../../models/offre.ts';
import { JobAlertMatch } from '../../models/job-alert-match.ts';
import { Ville } from '../../models/ville.ts';
import type { DigestOffre } from './alert-emails.ts';
import { whereFrequency, type FrequencyFilter } from './alert-frequency.ts';
import { localDate } from '../shared/index.ts';
import {
  OffreIndex,
  type IndexedOffre,
  publicOffresPublishedSince,
  queryWords,
  SynonymSet,
  loadSynonymGroups,
} from '../search/index.ts';

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
  /** Offers this alert's keywords and filters match among the run's new offers, newest first (sent or not). */
  candidates(alert: MatchableAlert): IndexedOffre[];
  /** Of those, the ones not sent yet to each alert of a batch, as digest lines. */
  unsent(batch: { alert: MatchableAlert; offres: IndexedOffre[] }[]): Promise<Map<number, DigestOffre[]>>;
  /** How many offers the run indexed. */
  readonly offres: number;
}

/** Does the offer pass the alert's filters? Salary ranges overlap: an offer without a maximum is kept; remotePossible=true asks for remote offers only. */
export function passesAlertFilters(alert: MatchableAlert, o: IndexedOffre): boolean {
  return (
    (alert.villeId === null || o.villeId === alert.villeId) &&
    (alert.regionId === null || o.regionId === alert.regionId) &&
    (alert.contractType === null || o.contractType === alert.contractType) &&
    (alert.salaireMin === null || o.salaireMax === null || o.salaireMax >= alert.salaireMin) &&
    (alert.remotePossible !== true || o.remotePossible)
  );
}

/** The earliest window start of the active alerts (null without any). */
async function oldestWindow(db: Knex, filter?: FrequencyFilter): Promise<Date | null> {
  // eslint-disable-next-line no-restricted-syntax -- SQL: MIN aggregate of the active alerts' windows
  const [row] = (await db('jobAlerts as a')
    .where((w) => {
      if (filter) whereFrequency(w, filter);
    })
    .where('active', true)
    .whereNotNull('confirmedAt')
    .select(
      db.raw(
        'MIN(CASE WHEN last_matched_at IS NULL THEN created_at ELSE GREATEST(created_at, last_matched_at - INTERVAL ? SECOND) END) AS since',
        [MATCH_LOOKBACK_MS / 1000],
      ),
    )) as { since: Date | string | null }[];
  return row?.since ? new Date(row.since) : null;
}

/** A matcher for one run: offers published up to `until` (the run's start). */
export async function createOffreMatcher(
  db: Knex,
  until: Date,
  filter?: FrequencyFilter,
): Promise<OffreMatcher> {
  const since = (await oldestWindow(db, filter)) ?? until;
  const index = new OffreIndex();
  const byId = new Map<number, IndexedOffre>();
  for (const offre of await publicOffresPublishedSince(db, since, until)) {
    index.upsert(offre);
    byId.set(offre.id, offre);
  }
  const synonyms = new SynonymSet(await loadSynonymGroups(db));
  const villes = new Map((await Ville.query(db).select('id', 'nom')).map((v) => [v.id, v.nom]));
  const today = localDate(until);
  const searches = new Map<string, IndexedOffre[]>();

  function matching(keywords: string): IndexedOffre[] {
    let found = searches.get(keywords);
    if (!found) {
      // Compounds as the new offers write them ("back-end": "Backend"), as a search reads them; no
      // synonym met with a typo (QueryWordOptions).
      const words = queryWords(keywords, synonyms, (s) => index.knowsStem(s), { synonymTypos: false });
      const ids = words.length ? index.matchingIds(words, {}, today) : [];
      found = ids
        .map((id) => byId.get(id) as IndexedOffre)
        .sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || b.id - a.id);
      if (searches.size >= MAX_CACHED_SEARCHES) searches.clear();
      searches.set(keywords, found);
    }
    return found;
  }

  return {
    offres: index.size,
    candidates(alert) {
      if (index.size === 0) return [];
      const from = windowStart(alert).getTime();
      return matching(alert.keywords).filter(
        (o) => (o.publishedAt?.getTime() ?? 0) > from && passesAlertFilters(alert, o),
      );
    },
    async unsent(batch) {
      const out = new Map<number, DigestOffre[]>();
      const withOffres = batch.filter((b) => b.offres.length > 0);
      if (withOffres.length === 0) return out;
      const sent = new Set(
        (
          await JobAlertMatch.query(db)
            .whereIn(
              'alertId',
              withOffres.map((b) => b.alert.id),
            )
            .whereIn('offreId', [...new Set(withOffres.flatMap((b) => b.offres.map((o) => o.id)))])
            .select('alertId', 'offreId')
        ).map((m) => `${m.alertId}:${m.offreId}`),
      );
      for (const { alert, offres } of withOffres) {
        const lines = offres
          .filter((o) => !sent.has(`${alert.id}:${o.id}`))
          .map((o) => ({
            id: o.id,
            titre: o.titre,
            entrepriseNom: o.entrepriseNom,
            villeNom: o.villeId === null ? null : (villes.get(o.villeId) ?? null),
            contractType: o.contractType,
            salaireMin: o.salaireMin,
            salaireMax: o.salaireMax,
          }));
        if (lines.length) out.set(alert.id, lines);
      }
      return out;
    },
  };
}
