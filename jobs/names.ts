/**
 * Job names are a public contract: stored in the jobs table, used by `recrutement jobs run`.
 * Never rename one; add a new name and migrate instead.
 */
export const JOB_NAMES = {
  sendEmails: 'emails:send',
  dispatchEvents: 'webhooks:dispatch-events',
  deliverWebhooks: 'webhooks:deliver',
  matchAlerts: 'alerts:daily-match',
  importVivier: 'vivier:import-csv',
  closeExpiredOffres: 'offres:close-expired',
  privacyRetention: 'privacy:retention',
  candidatureDigest: 'candidatures:daily-digest',
  sendSms: 'sms:send',
  instantAlerts: 'alerts:instant-match',
  purgeOAuthEntries: 'oauth:purge-expired',
  recommendationsDigest: 'recommendations:weekly-digest',
  moderationDigest: 'admins:moderation-digest',
} as const;

export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];
