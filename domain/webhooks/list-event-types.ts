/** GET /webhooks/events: the event catalogue with each type's scope. */
import { EVENT_TYPES, type EventScope, type EventType } from '../events/event-types.ts';

export interface EventTypeView {
  type: EventType;
  description: string;
  scope: EventScope;
}

export function listEventTypes(): EventTypeView[] {
  return (Object.keys(EVENT_TYPES) as EventType[]).map((type) => ({
    type,
    description: EVENT_TYPES[type].description,
    scope: EVENT_TYPES[type].scope,
  }));
}
