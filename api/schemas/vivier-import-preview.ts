/**
 * Schemas of a pool import's upload choices (the multipart fields `mapping` and `sheet`), of the
 * queued import's answer, and of the preview (domain/viviers/preview-vivier-import.ts).
 */
import Type from 'typebox';
import { Nullable, StringEnum } from './common.ts';
import { IMPORT_FIELDS } from '../../domain/viviers/import-columns.ts';
import { IMPORT_FORMATS } from '../../domain/viviers/import-file-format.ts';

const fields = IMPORT_FIELDS.join(', ');

export const ImportUploadFields = Type.Object({
  mapping: Type.Optional(
    Type.String({
      maxLength: 20000,
      description:
        `JSON object: file column header -> field (${fields}), or null to ignore the column. ` +
        'Columns left out keep the proposed field (see the preview). An unknown field, or a header the file does not have, is a 400.',
      examples: ['{"Mobile Phone": "telephone", "Observations": "notes", "Âge": null}'],
    }),
  ),
  sheet: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description:
        'workbooks (.xlsx, .ods) only: the sheet to read, by name or by position from 1 (default: the first visible sheet)',
      examples: ['Candidats'],
    }),
  ),
});

export const IgnoredColumn = Type.Object({
  position: Type.Integer({ minimum: 1, description: 'column position in the file, from 1 (A = 1)' }),
  header: Type.String({
    description: 'its header; empty for a column without one, or cells past the header',
  }),
});

const Field = Nullable(StringEnum(IMPORT_FIELDS, { description: `${fields}; null when ignored` }));

export const ImportQueuedAnswer = Type.Object({
  importId: Type.Integer(),
  status: StringEnum(['QUEUED']),
  format: StringEnum(IMPORT_FORMATS, { description: 'read from the content, not the file name' }),
  sheet: Nullable(Type.String({ description: 'the sheet read (.xlsx, .ods)' })),
  ignoredColumns: Type.Array(IgnoredColumn, { description: 'file columns whose data will not be imported' }),
});

export const ImportPreview = Type.Object({
  format: StringEnum(IMPORT_FORMATS, { description: 'read from the content, not the file name' }),
  encoding: Nullable(
    StringEnum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'], { description: 'CSV only' }),
  ),
  delimiter: Nullable(StringEnum([',', ';', '\t'], { description: 'CSV only' })),
  sheet: Nullable(Type.String({ description: 'the sheet read (.xlsx, .ods)' })),
  sheetNames: Type.Array(Type.String(), {
    description: 'every sheet of the workbook, in tab order (.xlsx, .ods)',
  }),
  header: Type.Array(Type.String()),
  columns: Type.Array(
    Type.Object({
      position: Type.Integer({ minimum: 1 }),
      header: Type.String(),
      field: Field,
      samples: Type.Array(Type.String(), { description: 'the first 3 non-empty values' }),
    }),
  ),
  ignoredColumns: Type.Array(IgnoredColumn),
  checkedRows: Type.Integer({ description: 'data rows read for the preview (at most 2,000)' }),
  complete: Type.Boolean({ description: 'whether every data row was read' }),
  errorRows: Type.Integer({ description: 'rows read that the import would refuse' }),
  warningRows: Type.Integer({ description: 'rows read that would be imported with a warning' }),
  problems: Type.Array(
    Type.Object({
      line: Type.Integer({
        description: 'line in the file (CSV: the header is line 1; .xlsx, .ods: the row number)',
      }),
      kind: StringEnum(['ERROR', 'WARNING']),
      code: Type.String(),
      column: Nullable(Type.String()),
      message: Type.String({ description: 'in the recruiter’s language' }),
    }),
    { description: 'the first 20 problems of the rows read; duplicates are found when the import runs' },
  ),
});
