/** GET /webhooks/events: the event catalogue with each type's scope. */
import type { Static } from 'typebox';
import { EVENT_TYPES, type EventType } from '../events/index.ts';
import type { EventTypeInfo } from '../shapes/index.ts';

/** The EventTypeInfo shape (domain/shapes/webhook.ts), its type narrowed to EventType. */
export type EventTypeView = Omit<Static<typeof EventTypeInfo>, 'type'> & { type: EventType };

export function listEventTypes(): EventTypeView[] {
  return (Object.keys(EVENT_TYPES) as EventType[]).map((type) => ({
    type,
    description: EVENT_TYPES[type].description,
    scope: EVENT_TYPES[type].scope,
  }));
}
