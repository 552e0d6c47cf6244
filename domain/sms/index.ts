/**
 * The SMS area: GSM 03.38 text, the SMS outbox and its sending, delivery receipts, what phones
 * send back (STOP), candidates' confirmed mobiles, and the operator's view of the queue. Other
 * areas import from here only; the transports (SMPP, HTTP gateway, files) live in engines/sms/.
 */
export * from './sms-transport.ts';
export {
  toGsm7,
  isGsm7,
  septets,
  gsm7Parts,
  segmentCount,
  fitSeptets,
  SINGLE_SEGMENT_SEPTETS,
} from './gsm7.ts';
export { inQuietHours, afterQuietHours } from './quiet-hours.ts';
export { enqueueSms, type SmsToQueue, type EnqueueOutcome } from './enqueue-sms.ts';
export {
  claimDueSms,
  sendOneSms,
  sendDueSms,
  MAX_SMS_ATTEMPTS,
  SMS_RETRY_DELAYS_MS,
  type SmsRow,
  type SendOutcome,
  type SmsSendReport,
} from './send-due-sms.ts';
export { recordDeliveryReceipt, gatewayProviderId } from './record-delivery-receipt.ts';
export { handleIncomingSms, isStopWord, type IncomingOutcome } from './handle-incoming-sms.ts';
export { requestPhoneCode, CODE_TTL_MS, CODE_TRIES, type CodeSent } from './request-phone-code.ts';
export { confirmPhone } from './confirm-phone.ts';
export { getSmsSettings, updateSmsSettings, removeSmsPhone, smsReachable } from './sms-settings.ts';
export { type SmsSettingsView } from './sms-settings-view.ts';
export { smsTexts } from './sms-texts.ts';
export { inboundHandlers } from './inbound-handlers.ts';
export { queueStatusNotices, statusNoticesCursor } from './queue-status-notices.ts';
export { listSms, retrySms, cancelSms, smsSegmentsPerDay, type SmsListItem } from './operator-sms.ts';
export { receiveGatewayReceipt, receiveGatewayIncoming, kannelReceiptState } from './gateway-callbacks.ts';
