/** The event catalogue: every event type has a scope (who may hear of it) and a description. */
import { expect } from 'chai';
import { EVENT_TYPES, type EventType } from '../../domain/events/event-types.ts';

describe('Event catalogue rules (unit)', () => {
  const types = Object.keys(EVENT_TYPES) as EventType[];

  it('event types are written area.what_happened, lower case', () => {
    for (const t of types) expect(t, t).to.match(/^[a-z]+(\.[a-z_]+)+$/);
  });

  it('each belongs to the recruiters, the administrators or the candidates, and says what happened', () => {
    for (const t of types) {
      expect(['recruiter', 'admin', 'candidate'], t).to.include(EVENT_TYPES[t].scope);
      expect(EVENT_TYPES[t].description.length, t).to.be.greaterThan(5);
    }
  });

  it('an offer’s life and its applications are the recruiter’s; reports and sanctions the administrators’', () => {
    expect(EVENT_TYPES['offre.published'].scope).to.equal('recruiter');
    expect(EVENT_TYPES['candidat.hired'].scope).to.equal('recruiter');
    expect(EVENT_TYPES['offre.reported'].scope).to.equal('admin');
    expect(EVENT_TYPES['recruiter.suspended'].scope).to.equal('admin');
    expect(EVENT_TYPES['alert.triggered'].scope).to.equal('candidate');
  });
});
