/**
 * Applications (candidatures): applying, statuses and notes, the candidate's and the company's lists,
 * and the notifications they send. The public face of the area: other areas import only this file.
 */
export {
  notificationSecret,
  unsubscribeHeaders,
  unsubscribeToken,
  unsubscribeUrl,
} from './notification-links.ts';
