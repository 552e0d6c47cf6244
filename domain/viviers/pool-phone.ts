/**
 * The phone cell of an imported row, as spreadsheets hold it. The person is never lost over it:
 * - two numbers in one cell ("699 11 22 33 / 677 44 55 66", "... ou ...", "... or ...", `;`, `,`):
 *   the first is the telephone, the others go to the notes;
 * - a number Excel turned into scientific notation (6.99999998E+08) lost its digits: left out,
 *   with a warning saying how to keep it (format the column as Text);
 * - anything else that is not a phone number: left out, with a warning.
 */
import { toE164 } from '../shared/index.ts';
import type { ValueWarning } from './import-warning.ts';
import type { IssueParams } from './line-issue.ts';
import { LINE_ISSUE_MESSAGES } from './line-issue-messages.ts';

const EXCEL_SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?e[+-]?\d+$/i;
const SEPARATORS = /\s*(?:\/|;|,|\bou\b|\bor\b)\s*/i;

/** A warning's note, written from the one catalogue of line-issue sentences (English). */
const note = (
  code: 'PHONE_EXCEL_NUMBER' | 'PHONE_INVALID' | 'PHONE_SECOND_NUMBER_IN_NOTES',
  p: IssueParams,
) => LINE_ISSUE_MESSAGES[code]!.en(p, 'telephone');

export const EXCEL_NUMBER_MESSAGE = `${LINE_ISSUE_MESSAGES.PHONE_EXCEL_NUMBER!.fr({}, 'telephone')} / ${note('PHONE_EXCEL_NUMBER', {})}`;

export interface PhoneCell {
  telephone: string | null;
  /** Further numbers of the cell, for the notes. */
  others: string[];
  warnings: ValueWarning[];
}

export function readPhoneCell(raw: string): PhoneCell {
  const cell = raw.trim();
  if (EXCEL_SCIENTIFIC.test(cell))
    return {
      telephone: null,
      others: [],
      warnings: [{ code: 'PHONE_EXCEL_NUMBER', message: EXCEL_NUMBER_MESSAGE }],
    };
  const [first = '', ...rest] = cell.split(SEPARATORS).filter((p) => p !== '');
  const telephone = toE164(first);
  const warnings: ValueWarning[] = [];
  if (!telephone)
    warnings.push({ code: 'PHONE_INVALID', message: note('PHONE_INVALID', { value: first.slice(0, 40) }) });
  const others = rest.map((p) => toE164(p) ?? p.slice(0, 40));
  if (others.length)
    warnings.push({
      code: 'PHONE_SECOND_NUMBER_IN_NOTES',
      message: note('PHONE_SECOND_NUMBER_IN_NOTES', { numbers: others.join(', ') }),
    });
  return { telephone, others, warnings };
}
