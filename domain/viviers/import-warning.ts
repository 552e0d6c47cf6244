/**
 * A change the talent-pool import made to a value, or an optional value it left out: the person
 * is kept, and the recruiter sees, line by line, what was changed and why.
 */
export interface ValueWarning {
  /** Stable machine code, e.g. EMAIL_MAILTO_REMOVED, PHONE_SECOND_NUMBER_IN_NOTES. */
  code: string;
  message: string;
}

/** A warning on one line of an import file (the header is line 1). */
export interface ImportWarning extends ValueWarning {
  line: number;
}
