/** POST /recruiters/me/documents: the company registration PDF, PENDING_DOCS -> PENDING_APPROVAL. */
import Type from 'typebox';
import { StringEnum } from '../schemas/common.ts';
import { defineRoutes } from '../http/route.ts';
import { submitRecruteurDocuments } from '../../domain/recruteurs/submit-documents.ts';
import { UPLOAD_RULES } from '../../domain/files/upload-rules.ts';

export const routes = defineRoutes([
  {
    method: 'post',
    path: '/recruiters/me/documents',
    tag: 'Recruiter Auth',
    summary: 'Upload the company registration document',
    description:
      'Recruiters in PENDING_DOCS (else 409 INVALID_TRANSITION). Multipart `file`: a PDF (checked from the bytes), at most 10 MB. ' +
      'Stores it and moves the recruiter to PENDING_APPROVAL with a status-history entry.',
    access: ['RECRUTEUR'],
    rateCategory: 'upload',
    upload: { maxBytes: UPLOAD_RULES.DOCUMENT.maxBytes },
    response: Type.Object({
      status: StringEnum(['PENDING_APPROVAL']),
      documentId: Type.Integer(),
    }),
    errors: { 409: 'INVALID_TRANSITION: not in PENDING_DOCS', 413: 'over 10 MB', 415: 'not a PDF' },
    message: 'Document received, awaiting approval',
    handler: ({ ctx, file }) => submitRecruteurDocuments(ctx, file),
  },
]);
