/** The rate-limit categories a route counts in (limits in policy.ts). */
export type RateCategory =
  'criticalAuth' | 'standardAuth' | 'registration' | 'upload' | 'application' | 'search' | 'standard';
