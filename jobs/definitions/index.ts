/** Every job definition of the runner: each file exports one JobDefinitionSpec. */
import type { Agenda, Job } from 'agenda';
import type { JobDefinitionSpec } from './job-definition.ts';
import type { JobDeps } from '../deps.ts';
import { sendEmails } from './send-emails.ts';
import { closeExpiredOffresJob } from './close-expired-offres.ts';
import { dispatchEventsJob } from './dispatch-events.ts';
import { deliverWebhooksJob } from './deliver-webhooks.ts';
import { matchAlertsJob } from './match-alerts.ts';
import { importVivierJob } from './import-vivier.ts';
import { privacyRetentionJob } from './privacy-retention.ts';
import { candidatureDigestJob } from './candidature-digest.ts';
import { sendSmsJob } from './send-sms.ts';
import { instantAlertsJob } from './instant-alerts.ts';
import { purgeOAuthEntriesJob } from './purge-oauth-entries.ts';
import { recommendationsDigestJob } from './recommendations-digest.ts';
import { moderationDigestJob } from './moderation-digest.ts';

export const definitions: JobDefinitionSpec[] = [
  sendEmails,
  closeExpiredOffresJob,
  dispatchEventsJob,
  deliverWebhooksJob,
  matchAlertsJob,
  importVivierJob,
  privacyRetentionJob,
  candidatureDigestJob,
  sendSmsJob,
  instantAlertsJob,
  purgeOAuthEntriesJob,
  recommendationsDigestJob,
  moderationDigestJob,
];

export function registerDefinitions(
  agenda: Agenda,
  deps: JobDeps,
  specs: JobDefinitionSpec[] = definitions,
): void {
  for (const spec of specs) {
    agenda.define(spec.name, (job: Job) => spec.run(job, deps), {
      concurrency: spec.concurrency ?? 1,
      // A worker locks no more runs of a job than it can run at once, so queued runs are shared
      // by every worker instead of waiting in the local queue of the first one that polled.
      lockLimit: spec.concurrency ?? 1,
      lockLifetime: spec.lockLifetimeMs ?? 10 * 60 * 1000,
    });
  }
}
