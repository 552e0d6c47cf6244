/**
 * A talent pool (vivier), a pool member, a CSV import and a pool invitation (the candidate's side) as
 * the API shows them; their static types are the domain's views.
 */
import Type from 'typebox';
import { DateTime, Nullable, StringEnum } from './common.ts';

export const Vivier = Type.Object({
  id: Type.Integer(),
  nom: Type.String(),
  description: Nullable(Type.String()),
  candidatsCount: Type.Integer({ description: 'members in the pool' }),
  createdAt: DateTime,
  updatedAt: DateTime,
});

export const VivierCandidat = Type.Object({
  id: Type.Integer({ description: 'candidatVivierId' }),
  vivierId: Type.Integer(),
  candidatId: Nullable(
    Type.Integer({ description: 'the candidate account with this email, when there is one' }),
  ),
  email: Type.String(),
  nom: Nullable(Type.String()),
  prenom: Nullable(Type.String()),
  telephone: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  notes: Nullable(Type.String()),
  source: StringEnum(['MANUAL', 'IMPORT']),
  createdAt: DateTime,
});

/** An error or a warning of one line of an import: a code, its values, and the sentence in the answer's language. */
export const ImportLineIssue = Type.Object({
  line: Type.Integer({ description: 'line in the file; the header is line 1' }),
  code: Nullable(
    Type.String({ description: 'stable code to switch on; null for imports made before codes existed' }),
  ),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
    description: 'the values the sentence is made of: `value` (the cell as typed), `max`, `domain`...',
  }),
  column: Nullable(
    StringEnum(['email', 'nom', 'prenom', 'telephone', 'tags', 'notes'], {
      description: 'the field concerned, when there is one',
    }),
  ),
  message: Type.String({ description: 'the sentence, in the language chosen by Accept-Language' }),
});

/** The state of a CSV import into a pool; its static type is the domain's VivierImportView. */
export const VivierImport = Type.Object({
  importId: Type.Integer(),
  vivierId: Type.Integer(),
  status: StringEnum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']),
  totalRows: Type.Integer({ description: 'data rows read so far (the header is not counted)' }),
  importedRows: Type.Integer(),
  duplicateRows: Type.Integer({
    description: 'rows whose email or phone number was already in the pool, or on an earlier line',
  }),
  errorRows: Type.Integer(),
  errors: Type.Array(ImportLineIssue, {
    description:
      'the first 1,000 row errors (all of them, with warnings and duplicates, in `report.csv`). Codes: ' +
      'EMAIL_MISSING, EMAIL_INVALID',
  }),
  warningRows: Type.Integer({
    description: 'imported (or duplicate) rows with at least one warning: a value changed or left out',
  }),
  warnings: Type.Array(ImportLineIssue, {
    description:
      'the first 1,000 warnings; the person of the line was kept. Codes: ' +
      'EMAIL_MAILTO_REMOVED, EMAIL_BRACKETS_REMOVED, EMAIL_INVISIBLE_REMOVED, EMAIL_TRAILING_DOT_REMOVED, ' +
      'EMAIL_DOMAIN_PUNYCODE, PHONE_SECOND_NUMBER_IN_NOTES, PHONE_EXCEL_NUMBER, PHONE_INVALID, ' +
      'NOM_LEFT_OUT, PRENOM_LEFT_OUT, NOTES_LEFT_OUT, TAGS_LEFT_OUT (`params.problem`: TEXT_TOO_LONG, ' +
      'TEXT_UNDECODABLE, TEXT_CONTROL_CHARS, TAGS_TOO_MANY, TAG_TOO_LONG)',
  }),
  duplicates: Type.Array(
    Type.Object({
      line: Type.Integer({ description: 'line in the file; the header is line 1' }),
      reason: StringEnum(['EMAIL', 'PHONE'], { description: 'what was already in the pool' }),
      memberId: Nullable(
        Type.Integer({ description: 'the pool member it matched (null once that member is removed)' }),
      ),
    }),
    { description: 'the first 10,000 duplicate rows, by line' },
  ),
  format: Nullable(StringEnum(['csv', 'xlsx', 'ods'], { description: 'read from the content at upload' })),
  sheet: Nullable(Type.String({ description: 'the sheet read (xlsx)' })),
  ignoredColumns: Type.Array(
    Type.Object({
      position: Type.Integer({ description: 'column position in the file, from 1 (A = 1)' }),
      header: Type.String({ description: 'empty for a column without header, or cells past the header' }),
    }),
    { description: 'file columns whose data is not imported (no field mapped to them)' },
  ),
  failureMessage: Nullable(
    Type.String({ description: 'why a FAILED import could not be read, in the language of Accept-Language' }),
  ),
  createdAt: DateTime,
  startedAt: Nullable(DateTime),
  finishedAt: Nullable(DateTime),
});

/** One import in the list of a pool's imports (GET .../viviers/{id}/imports): its counters, not its lines. */
export const VivierImportSummary = Type.Object({
  importId: Type.Integer(),
  vivierId: Type.Integer(),
  status: StringEnum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']),
  fileName: Nullable(Type.String({ description: 'the name of the uploaded file' })),
  totalRows: Type.Integer({ description: 'data rows read so far (the header is not counted)' }),
  importedRows: Type.Integer(),
  duplicateRows: Type.Integer(),
  errorRows: Type.Integer(),
  warningRows: Type.Integer(),
  failureMessage: Nullable(
    Type.String({ description: 'why a FAILED import could not be read, in the language of Accept-Language' }),
  ),
  createdAt: DateTime,
  startedAt: Nullable(DateTime),
  finishedAt: Nullable(DateTime),
});

/** A pool invitation sent to the candidate's email (GET /candidats/me/pool-invitations); the domain's PoolInvitationView. */
export const PoolInvitation = Type.Object({
  id: Type.Integer(),
  status: StringEnum(['PENDING', 'ACCEPTED', 'DECLINED']),
  entreprise: Type.Object({ id: Type.Integer(), nomEntreprise: Type.String() }),
  vivierNom: Type.String(),
  createdAt: DateTime,
  respondedAt: Nullable(DateTime),
});
