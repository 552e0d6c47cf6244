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
  errors: Type.Array(
    Type.Object({
      line: Type.Integer({ description: 'line in the file; the header is line 1' }),
      message: Type.String(),
    }),
    {
      description: 'the first 1,000 row errors',
    },
  ),
  warningRows: Type.Integer({
    description: 'imported (or duplicate) rows with at least one warning: a value changed or left out',
  }),
  warnings: Type.Array(
    Type.Object({
      line: Type.Integer({ description: 'line in the file; the header is line 1' }),
      code: Type.String({
        description:
          'EMAIL_MAILTO_REMOVED, EMAIL_BRACKETS_REMOVED, EMAIL_INVISIBLE_REMOVED, EMAIL_TRAILING_DOT_REMOVED, ' +
          'EMAIL_DOMAIN_PUNYCODE, PHONE_SECOND_NUMBER_IN_NOTES, PHONE_EXCEL_NUMBER, PHONE_INVALID, ' +
          'NOM_LEFT_OUT, PRENOM_LEFT_OUT, NOTES_LEFT_OUT, TAGS_LEFT_OUT',
      }),
      message: Type.String(),
    }),
    { description: 'the first 1,000 warnings; the person of the line was kept' },
  ),
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
  failureMessage: Nullable(Type.String({ description: 'why a FAILED import could not be read' })),
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
