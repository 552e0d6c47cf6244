/**
 * Talent pools: pools of the recruiter's company, their members
 * (added one by one or by CSV import, processed by the job runner), invitations by email, and
 * DELETE /vivier/{candidatVivierId}. ACTIVE recruiters only; another company's pool,
 * member or import is a 404.
 */
import Type from 'typebox';
import { defineRoutes, Reply, route } from '../http/route.ts';
import { Empty, Id, PageQuery, idParams, pageOf } from '../schemas/common.ts';
import {
  InviteBody,
  Invited,
  Vivier,
  VivierBody,
  VivierCandidat,
  VivierCandidatBody,
  VivierCandidatsQuery,
  VivierImport,
} from '../schemas/vivier.ts';
import { listViviers } from '../../domain/viviers/list-viviers.ts';
import { ownVivier } from '../../domain/viviers/own-vivier.ts';
import { createVivier } from '../../domain/viviers/create-vivier.ts';
import { getVivier } from '../../domain/viviers/get-vivier.ts';
import { updateVivier } from '../../domain/viviers/update-vivier.ts';
import { deleteVivier } from '../../domain/viviers/delete-vivier.ts';
import { listVivierCandidats } from '../../domain/viviers/list-vivier-candidats.ts';
import { addVivierCandidat } from '../../domain/viviers/add-vivier-candidat.ts';
import { removeVivierCandidat } from '../../domain/viviers/remove-vivier-candidat.ts';
import {
  MAX_IMPORT_BYTES,
  queueVivierImport,
  receiveImportFile,
} from '../../domain/viviers/queue-vivier-import.ts';
import type { Ctx } from '../../domain/context.ts';
import { previewVivierImport } from '../../domain/viviers/preview-vivier-import.ts';
import { ImportPreview, ImportQueuedAnswer, ImportUploadFields } from '../schemas/vivier-import-preview.ts';
import { getVivierImport } from '../../domain/viviers/get-vivier-import.ts';
import { routes as importRoutes } from './vivier-imports.routes.ts';
import { languageOf } from '../i18n/language.ts';
import { megabytes, uploadLimitMessage } from '../http/upload-limit.ts';
import { inviteVivierCandidats } from '../../domain/viviers/invite-vivier-candidats.ts';

const tag = 'Vivier de talents';
const recruteur = ['RECRUTEUR'] as const;
const active =
  'ACTIVE recruiters only (403 ACCOUNT_NOT_ACTIVE otherwise); a pool of another company is a 404.';

/** The upload of an import and of its preview: the file, `mapping` and `sheet`; the pool checked before the body is read. */
const importUpload = {
  maxBytes: MAX_IMPORT_BYTES,
  fields: ImportUploadFields,
  authorize: ({ ctx, params }: { ctx: Ctx; params: { id: number } }) => ownVivier(ctx, params.id),
};

const importUploadErrors = {
  413:
    `the file is over ${megabytes(MAX_IMPORT_BYTES, 'en')} (${MAX_IMPORT_BYTES} bytes); the message states this limit ` +
    `(fr: "${uploadLimitMessage(MAX_IMPORT_BYTES, 'fr')}", en: "${uploadLimitMessage(MAX_IMPORT_BYTES, 'en')}")`,
  415: 'not a CSV file, an .xlsx or an .ods workbook (a legacy .xls, a PDF...): the message says, in the caller’s language, what it is and how to save it',
};

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/recruiters/me/viviers',
    tag,
    summary: "My company's talent pools",
    description: `Paginated; sort by nom or createdAt (default createdAt,desc). ${active}`,
    access: recruteur,
    scopes: ['viviers:read'],
    envelope: false,
    query: Type.Object(PageQuery),
    response: pageOf(Vivier),
    handler: ({ ctx, query }) => listViviers(ctx, query),
  }),
  route({
    method: 'post',
    path: '/recruiters/me/viviers',
    tag,
    summary: 'Create a talent pool',
    description: active,
    access: recruteur,
    scopes: ['viviers:write'],
    body: VivierBody,
    response: Vivier,
    handler: async ({ ctx, body }) => new Reply(await createVivier(ctx, body), 'Vivier créé'),
  }),
  route({
    method: 'get',
    path: '/recruiters/me/viviers/imports/{importId}',
    tag,
    summary: 'State of a CSV import',
    description:
      '`totalRows` counts data rows (not the header); `line` is the line in the file, the header being line 1; at most 1,000 errors ' +
      'and 1,000 warnings are listed (every one is in GET /recruiters/me/viviers/{id}/imports/{importId}/report.csv), each as a `code` ' +
      'with its `params` and a `message` in the language of Accept-Language. ' +
      'A FAILED import says why in `failureMessage`. An import of another company is a 404.',
    access: recruteur,
    scopes: ['viviers:read'],
    params: Type.Object({ importId: Id }),
    response: VivierImport,
    handler: ({ ctx, koa, params }) => getVivierImport(ctx, params.importId, languageOf(koa)),
  }),
  ...importRoutes,
  route({
    method: 'get',
    path: '/recruiters/me/viviers/{id}',
    tag,
    summary: 'One talent pool',
    description: active,
    access: recruteur,
    scopes: ['viviers:read'],
    params: idParams(),
    response: Vivier,
    handler: ({ ctx, params }) => getVivier(ctx, params.id),
  }),
  route({
    method: 'put',
    path: '/recruiters/me/viviers/{id}',
    tag,
    summary: 'Rename / describe a talent pool',
    description: `An omitted description is cleared. ${active}`,
    access: recruteur,
    scopes: ['viviers:write'],
    params: idParams(),
    body: VivierBody,
    response: Vivier,
    handler: async ({ ctx, params, body }) =>
      new Reply(await updateVivier(ctx, params.id, body), 'Vivier mis à jour'),
  }),
  route({
    method: 'delete',
    path: '/recruiters/me/viviers/{id}',
    tag,
    summary: 'Delete a talent pool with its members',
    description: active,
    access: recruteur,
    scopes: ['viviers:write'],
    params: idParams(),
    response: Empty,
    handler: async ({ ctx, params }) => {
      await deleteVivier(ctx, params.id);
      return new Reply({}, 'Vivier supprimé');
    },
  }),
  route({
    method: 'get',
    path: '/recruiters/me/viviers/{id}/candidats',
    tag,
    summary: 'Members of a talent pool',
    description: `Paginated; \`q\` searches name, first name and email; \`tag\` filters by tag; sort by createdAt, email, nom, prenom (default createdAt,desc). ${active}`,
    access: recruteur,
    scopes: ['viviers:read'],
    envelope: false,
    params: idParams(),
    query: VivierCandidatsQuery,
    response: pageOf(VivierCandidat),
    handler: ({ ctx, params, query }) => listVivierCandidats(ctx, params.id, query),
  }),
  route({
    method: 'post',
    path: '/recruiters/me/viviers/{id}/candidats',
    tag,
    summary: 'Add a person to a talent pool',
    description: `Linked to the candidate account of that email when there is one (\`candidatId\`). 409 ALREADY_IN_POOL when the email is already in the pool. ${active}`,
    access: recruteur,
    scopes: ['viviers:write'],
    params: idParams(),
    body: VivierCandidatBody,
    response: VivierCandidat,
    errors: { 409: 'ALREADY_IN_POOL' },
    handler: async ({ ctx, params, body }) =>
      new Reply(await addVivierCandidat(ctx, params.id, body), 'Candidat ajouté au vivier'),
  }),
  route({
    method: 'post',
    path: '/recruiters/me/viviers/{id}/import',
    tag,
    summary: 'Import people from a CSV file or an .xlsx or .ods workbook',
    description:
      `multipart \`file\` (at most ${megabytes(MAX_IMPORT_BYTES, 'en')}, streamed to file storage as it arrives): CSV (UTF-8 with or without BOM, UTF-16 with BOM, Windows-1252; \`,\` \`;\` or TAB) or an .xlsx or .ods (OpenDocument, LibreOffice Calc's own) workbook (the format is read from the first bytes, ` +
      'not the name; optional `sheet`), a header row with an email column; other columns are mapped to `nom, prenom, nomComplet` (split into both names), ' +
      '`telephone, tags, notes` by their headers in French or English, or by the optional `mapping` (see POST .../import/preview). ' +
      'The answer lists the `ignoredColumns`. A legacy .xls, another binary file is a 415 saying what it is; no email column, an unknown mapping field a 400. ' +
      'An upload that fails or is interrupted leaves no stored file. ' +
      'The job runner processes the import: follow it with GET /recruiters/me/viviers/imports/{importId}. A bad row is a line-numbered error; an email ' +
      'already in the pool is a duplicate. A file that breaks part-way fails the import with its line, and nothing of it stays in the pool.',
    access: recruteur,
    scopes: ['viviers:write'],
    rateCategory: 'upload',
    params: idParams(),
    upload: {
      ...importUpload,
      receive: ({ ctx, file, originalName }) => receiveImportFile(ctx.storage, file, originalName),
    },
    response: ImportQueuedAnswer,
    errors: importUploadErrors,
    handler: async ({ ctx, params, received, fields }) =>
      new Reply(await queueVivierImport(ctx, params.id, received, fields), 'Import en file d’attente'),
  }),
  route({
    method: 'post',
    path: '/recruiters/me/viviers/{id}/import/preview',
    tag,
    summary: 'Preview an import: format, columns and their mapping, first problems',
    description:
      'The same upload as POST .../import (`file`, optional `mapping` and `sheet`, same checks and errors); nothing is written. ' +
      'Answers the format, encoding, delimiter, the sheets of a workbook and the one read, the header, each column with its proposed (or chosen) field ' +
      'and 3 sample values, the columns ignored, and the first 20 problems of the first 2,000 rows, in the recruiter’s language. ' +
      `Duplicates are found when the import runs. ${active}`,
    access: recruteur,
    scopes: ['viviers:write'],
    rateCategory: 'upload',
    params: idParams(),
    upload: importUpload,
    response: ImportPreview,
    errors: importUploadErrors,
    handler: async ({ ctx, params, file, fields }) =>
      new Reply(await previewVivierImport(ctx, params.id, file, fields), 'Aperçu de l’import'),
  }),
  route({
    method: 'post',
    path: '/recruiters/me/viviers/{id}/invite',
    tag,
    summary: 'Email an invitation to pool members',
    description:
      'One email per chosen member (every member when `candidatVivierIds` is omitted), replies going to the recruiter. `offreId` must be a PUBLISHED offer ' +
      'of the company (404 for another company’s, 400 when not published); an id that is not a member of this pool is a 404. ' +
      'Each email is a pool invitation the person may accept or decline from their candidate account, with a one-click opt-out. ' +
      'At most 500 members per request, and 2,000 emails queued per company per calendar day in Cameroon (Africa/Douala), counting every email, ' +
      're-sent ones included (429 INVITE_QUOTA_EXCEEDED, `details` giving what remains; nothing is sent). ' +
      'A member whose PENDING invitation from this company was sent less than 7 days ago is not emailed again: listed in `skippedMembers` with reason ALREADY_INVITED_RECENTLY. ' +
      'Members who opted out, or declined this company’s invitation in the last 180 days, are skipped too (reason POOL_INVITATION_BLOCKED); when every chosen member is, 409 POOL_INVITATION_BLOCKED.',
    access: recruteur,
    scopes: ['viviers:write'],
    params: idParams(),
    body: InviteBody,
    response: Invited,
    errors: { 409: 'POOL_INVITATION_BLOCKED', 429: 'INVITE_QUOTA_EXCEEDED' },
    handler: async ({ ctx, params, body }) => {
      const result = await inviteVivierCandidats(ctx, params.id, body);
      return new Reply(result, `${result.invited} invitation(s) envoyée(s)`);
    },
  }),
  route({
    method: 'delete',
    path: '/vivier/{candidatVivierId}',
    tag,
    summary: 'Remove a person from a talent pool',
    description: `Answers the empty object. ${active}`,
    access: recruteur,
    scopes: ['viviers:write'],
    params: idParams('candidatVivierId'),
    response: Empty,
    handler: async ({ ctx, params }) => {
      await removeVivierCandidat(ctx, params.candidatVivierId);
      return new Reply({}, 'Candidat retiré du vivier');
    },
  }),
]);
