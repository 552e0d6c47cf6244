/**
 * What is wrong with (or was changed in) one line of a talent-pool import, or in a person typed into
 * the single-add form: a stable code and its parameters, never a sentence. Sentences are made when
 * the issue is shown, in the reader's language (line-issue-messages.ts), so a stored import reads
 * in French to one recruiter and in English to another.
 */

/** The values a message needs: the cell as typed, a limit, a domain... */
export type IssueParams = Record<string, string | number>;

/** A member field of the import (the file column mapped to it). */
export type IssueColumn = 'email' | 'nom' | 'prenom' | 'telephone' | 'tags' | 'notes';

export interface LineIssue {
  code: string;
  params: IssueParams;
  /** The field concerned, when the issue is about one. */
  column?: IssueColumn;
  /** Only for a code the message catalogue does not know: the text to show instead. */
  message?: string;
}

/**
 * An issue as an import row stores it in its JSON lists: with its line (the header is line 1).
 * Imports stored before codes existed hold `message` only (errors) or `code` and an English
 * `message` (warnings); every field but `line` is therefore optional when read back.
 */
export interface StoredLineIssue extends Partial<LineIssue> {
  line: number;
}

/** Longest cell value kept in an issue's parameters: enough to find the cell, never a whole note. */
export const MAX_ISSUE_VALUE_LENGTH = 100;

export function issueValue(value: string): string {
  return value.length > MAX_ISSUE_VALUE_LENGTH ? `${value.slice(0, MAX_ISSUE_VALUE_LENGTH)}…` : value;
}

export function lineIssue(code: string, params: IssueParams = {}, column?: IssueColumn): LineIssue {
  return column ? { code, params, column } : { code, params };
}
