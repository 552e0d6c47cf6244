/**
 * Webhooks: subscriptions, the delivery outbox, Standard Webhooks signatures, retries and replays, and
 * an app's subscriptions. The public face of the area: other areas import only this file.
 */
export {
  countAppSubscriptions,
  deleteAppSubscriptions,
  pauseAppSubscriptions,
  resumeAppSubscriptions,
} from './app-subscriptions.ts';
