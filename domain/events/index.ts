/**
 * Domain events: their types, and the outbox they are recorded in, in the transaction of the change.
 * The public face of the area: other areas import only this file.
 */
export { EVENT_TYPES, type EventType } from './event-types.ts';
export { recordEvent, recordEvents } from './record-event.ts';
