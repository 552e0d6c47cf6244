/**
 * Alert frequencies: INSTANT alerts are matched when an offer is published (the worker's instant
 * run, woken by `offre.published`), DAILY ones by the daily run, WEEKLY ones by the daily run once
 * 7 days have passed since their last match. Whatever the frequency, an offer goes to an alert
 * once (job_alert_matches).
 */
import type { Knex } from 'knex';
import type { AlertFrequency } from '../../models/job-alert.ts';

/** A weekly alert is due when its last match is this old (an hour of slack for the run's own duration). */
const WEEK_MS = 7 * 86_400_000 - 3_600_000;

export function frequencyFilter(run: 'daily' | 'instant', until: Date): FrequencyFilter {
  return run === 'instant'
    ? { frequencies: ['INSTANT'], weeklyBefore: null }
    : { frequencies: ['DAILY', 'WEEKLY'], weeklyBefore: new Date(until.getTime() - WEEK_MS) };
}

export interface FrequencyFilter {
  frequencies: AlertFrequency[];
  /** WEEKLY alerts are served only when last matched before this (null: WEEKLY not served). */
  weeklyBefore: Date | null;
}

/** The alert's frequency filter as a where clause on `jobAlerts as a`. */
export function whereFrequency(w: Knex.QueryBuilder, filter: FrequencyFilter): void {
  const others = filter.frequencies.filter((f) => f !== 'WEEKLY');
  w.where((q) => {
    if (others.length) q.whereIn('a.frequency', others);
    if (filter.weeklyBefore && filter.frequencies.includes('WEEKLY'))
      q.orWhere((wk) => {
        wk.where('a.frequency', 'WEEKLY').where((l) => {
          l.whereNull('a.lastMatchedAt').orWhere('a.lastMatchedAt', '<=', filter.weeklyBefore!);
        });
      });
  });
}
