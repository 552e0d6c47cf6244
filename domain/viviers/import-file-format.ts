/**
 * What an uploaded import file is, read from its first bytes, never from its name: an .xlsx
 * renamed .csv is read as the workbook it is. An .xlsx is a zip holding `xl/` parts, an .ods one
 * whose first entry says its OpenDocument type; another zip (a Word file) and a legacy Excel
 * 97-2003 file (OLE2) are refused with
 * a message naming what they are and how to save them; anything else is read as CSV text
 * (csv-format.ts refuses binary content).
 */
import { ImportFormatError } from './csv-format.ts';

export type ImportFormat = 'csv' | 'xlsx' | 'ods';

export const IMPORT_FORMATS: readonly ImportFormat[] = ['csv', 'xlsx', 'ods'];

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** What a zip holds, from the part names its first bytes show. */
function zipKind(head: Buffer): ImportFormat {
  const has = (text: string) => head.includes(Buffer.from(text, 'latin1'));
  if (has('xl/workbook.xml') || has('xl/worksheets/') || has('xl/_rels/')) return 'xlsx';
  // The uncompressed `mimetype` entry an OpenDocument file starts with.
  if (has('application/vnd.oasis.opendocument.spreadsheet')) return 'ods';
  if (has('word/')) throw new ImportFormatError('binary', 'WORD_DOCUMENT');
  throw new ImportFormatError('binary', 'ZIP_ARCHIVE');
}

/** The format of a file from its first bytes (64 KB are plenty: xlsx parts are named early). */
export function sniffImportFormat(head: Buffer): ImportFormat {
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return zipKind(head);
  if (head.subarray(0, 8).equals(OLE2_MAGIC)) throw new ImportFormatError('binary', 'XLS_WORKBOOK');
  return 'csv';
}
