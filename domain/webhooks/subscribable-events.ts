/**
 * Which event types an owner may subscribe to: those of its scope. Candidate-scope
 * events (alert.triggered) are email-only in this version and cannot be subscribed to.
 */
import { EVENT_TYPES, type EventType } from '../events/index.ts';
import { bilingual, inputError } from '../errors.ts';

export function eventTypesOfScope(scope: 'recruiter' | 'admin'): EventType[] {
  return (Object.keys(EVENT_TYPES) as EventType[]).filter((t) => EVENT_TYPES[t].scope === scope);
}

/** De-duplicated, in the order given; 400 naming the first type the owner may not subscribe to. */
export function checkSubscribableEvents(
  owner: { kind: 'recruiter' | 'admin' },
  events: string[],
): EventType[] {
  const allowed = eventTypesOfScope(owner.kind);
  if (!events.length) throw inputError('Invalid body', 'body.events', 'minItems', { limit: 1 });
  for (const [i, type] of events.entries()) {
    const known = Object.prototype.hasOwnProperty.call(EVENT_TYPES, type);
    if (!known || !(allowed as string[]).includes(type))
      throw inputError(
        known ? 'Event type outside your scope' : 'Unknown event type',
        `body.events[${i}]`,
        'enum',
        { allowedValues: allowed },
        known
          ? bilingual(
              `« ${type} » est un événement de portée ${EVENT_TYPES[type as EventType].scope} ; vous pouvez vous abonner à : ${allowed.join(', ')}`,
              `"${type}" is a ${EVENT_TYPES[type as EventType].scope}-scope event; you may subscribe to: ${allowed.join(', ')}`,
            )
          : bilingual(
              `« ${type} » n’est pas un type d’événement ; voir GET /webhooks/events`,
              `"${type}" is not an event type; see GET /webhooks/events`,
            ),
      );
  }
  return [...new Set(events)] as EventType[];
}
