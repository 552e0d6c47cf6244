/**
 * Job alerts: candidates' and public alerts, their criteria and confirmation, the daily matching of
 * new offers, and the emails and SMS they send. The public face of the area: other areas import only
 * this file.
 */
export type { DigestOffre } from './alert-emails.ts';
export { alertSmsText } from './alert-sms.ts';
export { confirmPublicAlert } from './confirm-public-alert.ts';
