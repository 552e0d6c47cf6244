/** The event catalogue: type, scope and description. */
export type EventScope = 'recruiter' | 'admin' | 'candidate';

export const EVENT_TYPES = {
  'offre.published': { scope: 'recruiter', description: 'offer becomes PUBLISHED' },
  'offre.closed': { scope: 'recruiter', description: 'offer closed (archived)' },
  'candidature.created': { scope: 'recruiter', description: 'new application on an offer' },
  'candidature.status_changed': { scope: 'recruiter', description: 'application pipeline transition' },
  'candidat.hired': { scope: 'recruiter', description: 'application becomes HIRED' },
  'recruiter.approved': { scope: 'admin', description: 'administrator validates a recruiter' },
  'recruiter.suspended': { scope: 'admin', description: 'sanction applied to a recruiter' },
  'alert.triggered': {
    scope: 'candidate',
    description: 'new job alert match (email only in the first version)',
  },
  'blog.comment.flagged': { scope: 'admin', description: 'comment reported more than 3 times' },
  'offre.held': {
    scope: 'recruiter',
    description: 'offer held for review: the scam rules matched it (not published, or hidden after an edit)',
  },
  'offre.released': { scope: 'recruiter', description: 'held or hidden offer published after review' },
  'offre.rejected': { scope: 'recruiter', description: 'held or hidden offer rejected after review' },
  'offre.reported': {
    scope: 'admin',
    description: 'offer reported by a candidate (the reporter is never named)',
  },
  'offre.hidden': {
    scope: 'recruiter',
    description: 'offer hidden until review: it reached the reports threshold',
  },
} as const satisfies Record<string, { scope: EventScope; description: string }>;

export type EventType = keyof typeof EVENT_TYPES;
