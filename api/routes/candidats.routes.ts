/** Candidate profile: own profile, CV and photo, public profile, account deletion. */
import Type from 'typebox';
import { defineRoutes, Reply, route } from '../http/route.ts';
import { Empty, Id } from '../schemas/common.ts';
import {
  CandidatExport,
  CandidatProfile,
  CandidatProfileUpdate,
  DeleteAccountBody,
  PublicCandidatProfile,
} from '../schemas/candidat.ts';
import { getMyProfile } from '../../domain/candidats/get-my-profile.ts';
import { updateMyProfile } from '../../domain/candidats/update-my-profile.ts';
import { uploadCandidatFile } from '../../domain/candidats/upload-candidat-file.ts';
import { downloadMyCv } from '../../domain/candidats/download-cv.ts';
import { deleteMyCv } from '../../domain/candidats/delete-cv.ts';
import { getPublicProfile } from '../../domain/candidats/get-public-profile.ts';
import { deleteMyAccount } from '../../domain/candidats/delete-account.ts';
import { exportMyData } from '../../domain/candidats/export-my-data.ts';
import { contentDisposition } from './send-file.ts';
import { UPLOAD_RULES } from '../../domain/files/upload-rules.ts';
import { IMAGE_UPLOAD_NOTE, imageUploadErrors } from './image-upload-doc.ts';
import { sendFile } from './send-file.ts';

const tag = 'Candidate Profile';
const CANDIDAT = ['CANDIDAT'] as const;

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/candidats/me',
    tag,
    summary: 'My candidate profile',
    access: CANDIDAT,
    response: CandidatProfile,
    handler: ({ ctx }) => getMyProfile(ctx),
  }),
  route({
    method: 'get',
    path: '/candidats/me/export',
    tag,
    summary: 'Everything the platform holds on me, as one JSON file',
    description:
      'Account, profile, files (with download links), applications with their status history, job alerts (also ' +
      'those made with my email), saved jobs, talent-pool memberships I accepted and pool invitations sent to my ' +
      "email, and my logins of the last 90 days. Recruiters' internal notes are not shown to candidates and are " +
      'not included. Sent as an attachment (`Content-Disposition`), never cached.',
    access: CANDIDAT,
    envelope: false,
    response: CandidatExport,
    handler: async ({ ctx, koa }) => {
      const data = await exportMyData(ctx);
      koa.set(
        'Content-Disposition',
        contentDisposition('attachment', `recrutement-mes-donnees-${data.account.id}.json`),
      );
      koa.set('Cache-Control', 'private, no-store');
      return data;
    },
  }),
  route({
    method: 'put',
    path: '/candidats/me',
    tag,
    summary: 'Update my candidate profile',
    description:
      'Fields left out keep their value; null clears an optional one; `competences` replaces the list. Unknown `villeId` or `experienceLevelId`: 400. ' +
      '`langue` (fr or en) is the language of the emails sent to this account.',
    access: CANDIDAT,
    body: CandidatProfileUpdate,
    response: CandidatProfile,
    message: 'Profile updated',
    handler: ({ ctx, body }) => updateMyProfile(ctx, body),
  }),
  route({
    method: 'post',
    path: '/candidats/me/cv',
    tag,
    summary: 'Upload my CV',
    description:
      'Multipart `file`: PDF, DOC or DOCX (checked from the bytes), at most 5 MB; replaces the previous CV. Returns the profile.',
    access: CANDIDAT,
    rateCategory: 'upload',
    upload: { maxBytes: UPLOAD_RULES.CV.maxBytes },
    response: CandidatProfile,
    errors: { 413: 'over 5 MB', 415: 'not a PDF, DOC or DOCX' },
    message: 'CV uploaded',
    handler: ({ ctx, file }) => uploadCandidatFile(ctx, 'CV', file),
  }),
  route({
    method: 'get',
    path: '/candidats/me/cv',
    tag,
    summary: 'Download my CV',
    description:
      'The file with its stored content type and `Content-Disposition: attachment`; 404 when there is no CV.',
    access: CANDIDAT,
    envelope: false,
    // PDF, DOC or DOCX.
    produces: 'application/*',
    response: Type.String({ format: 'binary', description: 'the file (not JSON)' }),
    errors: { 404: 'no CV' },
    handler: async ({ ctx, koa }) => sendFile(koa, await downloadMyCv(ctx), { disposition: 'attachment' }),
  }),
  route({
    method: 'delete',
    path: '/candidats/me/cv',
    tag,
    summary: 'Delete my CV',
    description: '404 when there is no CV.',
    access: CANDIDAT,
    response: Empty,
    errors: { 404: 'no CV' },
    handler: async ({ ctx }) => {
      await deleteMyCv(ctx);
      return new Reply({}, 'CV deleted');
    },
  }),
  route({
    method: 'post',
    path: '/candidats/me/photo',
    tag,
    summary: 'Upload my photo',
    description:
      'Multipart `file`: JPEG, PNG or WebP (checked from the bytes), at most 2 MB; replaces the previous photo. Returns the profile. ' +
      IMAGE_UPLOAD_NOTE,
    access: CANDIDAT,
    rateCategory: 'upload',
    upload: { maxBytes: UPLOAD_RULES.PHOTO.maxBytes },
    response: CandidatProfile,
    errors: imageUploadErrors('over 2 MB'),
    message: 'Photo uploaded',
    handler: ({ ctx, file }) => uploadCandidatFile(ctx, 'PHOTO', file),
  }),
  route({
    method: 'get',
    path: '/public/candidats/{id}',
    tag,
    summary: 'A public candidate profile',
    description:
      '404 unless the candidate made the profile public (`profilPublic`); never shows email, phone, salary expectations or the CV.',
    access: 'public',
    params: Type.Object({ id: Id }),
    response: PublicCandidatProfile,
    handler: ({ ctx, params }) => getPublicProfile(ctx, params.id),
  }),
  route({
    method: 'delete',
    path: '/candidates/profile/account',
    tag,
    summary: 'Delete my account for good',
    description:
      'Password checked (401 INVALID_CREDENTIALS). Applications are kept anonymised (offer counters unchanged); profile, CV, photo, ' +
      'saved jobs, alerts and every token are gone. Answers an empty `data`.',
    access: CANDIDAT,
    body: DeleteAccountBody,
    response: Empty,
    errors: { 401: 'INVALID_CREDENTIALS: wrong password' },
    handler: async ({ ctx, body }) => {
      await deleteMyAccount(ctx, body);
      return new Reply({}, 'Account deleted');
    },
  }),
]);
