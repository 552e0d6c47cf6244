/**
 * A change the talent-pool import made to a value, or an optional value it left out: the person
 * is kept, and the recruiter sees, line by line, what was changed and why.
 */
import type { StoredLineIssue } from './line-issue.ts';

/**
 * What a value reader (pool-email.ts, pool-phone.ts) reports: a stable code, e.g.
 * EMAIL_MAILTO_REMOVED, PHONE_SECOND_NUMBER_IN_NOTES, with an English note for developers. What
 * is stored and shown is the code with its parameters (pool-member.ts), never this note.
 */
export interface ValueWarning {
  code: string;
  message: string;
}

/** A warning on one line of an import file (the header is line 1), as stored. */
export type ImportWarning = StoredLineIssue;
