/**
 * Companies: the signed-in recruiter's company (GET
 * /recruiters/company), its edition by the OWNER, images, pages, members and ownership transfer;
 * and the public company pages. Every Company's logoUrl follows the requested representation
 * (string, or {url, variants} with `Accept: application/vnd.service.v2+json`).
 */
import Type from 'typebox';
import { defineRoutes, route } from '../http/route.ts';
import { DateTime, Id, PageQuery, pageOf } from '../schemas/common.ts';
import {
  EntrepriseShape,
  EntrepriseMember,
  EntreprisePageShape,
  EntreprisePageInput,
  EntrepriseUpdate,
  TypePage,
} from '../schemas/entreprise.ts';
import { getMyEntreprise } from '../../domain/entreprises/get-my-entreprise.ts';
import { updateEntreprise } from '../../domain/entreprises/update-entreprise.ts';
import { uploadEntrepriseImage } from '../../domain/entreprises/upload-entreprise-image.ts';
import { upsertEntreprisePage } from '../../domain/entreprises/upsert-entreprise-page.ts';
import { listEntrepriseMembers } from '../../domain/entreprises/list-members.ts';
import { inviteMember } from '../../domain/entreprises/invite-member.ts';
import { transferOwnership } from '../../domain/entreprises/transfer-ownership.ts';
import { listPublicEntreprises } from '../../domain/entreprises/list-public-entreprises.ts';
import { getPublicEntreprise } from '../../domain/entreprises/get-public-entreprise.ts';
import { UPLOAD_RULES } from '../../domain/files/upload-rules.ts';
import { IMAGE_UPLOAD_NOTE, imageUploadErrors } from './image-upload-doc.ts';
import { LONG_TEXT_BODY_LIMIT } from '../http/body-limit.ts';

const tag = 'Recruiter Admin';
const publicTag = 'Public Entreprises';
/** Company pages change rarely: shared caches may keep them 5 minutes. */
const ENTREPRISES_MAX_AGE = 300;
const RECRUTEUR = ['RECRUTEUR'] as const;
const v2 =
  'With `Accept: application/vnd.service.v2+json`, `logoUrl` is `{url, variants: {"128","256","512"}}`.';

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/recruiters/company',
    tag,
    summary: 'The company of the signed-in recruiter',
    description: `ACTIVE recruiters; every page, published or not. ${v2}`,
    access: RECRUTEUR,
    scopes: ['company:read'],
    sparseFields: true,
    response: EntrepriseShape,
    handler: ({ ctx }) => getMyEntreprise(ctx),
  }),
  route({
    method: 'put',
    path: '/recruiters/company',
    bodyLimit: LONG_TEXT_BODY_LIMIT,
    tag,
    summary: 'Update the company',
    description:
      'OWNER only. Fields left out keep their value, null clears; `siteWeb: null` removes the website; `reseauxSociaux` replaces the list. ' +
      `Unknown \`secteurActiviteId\` or \`adresseSiege.villeId\`: 400. ${v2}`,
    access: RECRUTEUR,
    body: EntrepriseUpdate,
    response: EntrepriseShape,
    message: 'Company updated',
    handler: ({ ctx, body }) => updateEntreprise(ctx, body),
  }),
  route({
    method: 'post',
    path: '/recruiters/company/logo',
    tag,
    summary: 'Upload the company logo',
    description: `OWNER only. Multipart \`file\`: JPEG, PNG or WebP (checked from the bytes), at most 5 MB; variants 128, 256 and 512 px wide. ${IMAGE_UPLOAD_NOTE} ${v2}`,
    access: RECRUTEUR,
    rateCategory: 'upload',
    upload: { maxBytes: UPLOAD_RULES.LOGO.maxBytes },
    response: EntrepriseShape,
    errors: imageUploadErrors('over 5 MB'),
    message: 'Logo uploaded',
    handler: ({ ctx, file }) => uploadEntrepriseImage(ctx, 'LOGO', file),
  }),
  route({
    method: 'post',
    path: '/recruiters/company/banner',
    tag,
    summary: 'Upload the company banner',
    description: `OWNER only. Multipart \`file\`: JPEG, PNG or WebP (checked from the bytes), at most 5 MB. ${IMAGE_UPLOAD_NOTE} ${v2}`,
    access: RECRUTEUR,
    rateCategory: 'upload',
    upload: { maxBytes: UPLOAD_RULES.BANNER.maxBytes },
    response: EntrepriseShape,
    errors: imageUploadErrors('over 5 MB'),
    message: 'Banner uploaded',
    handler: ({ ctx, file }) => uploadEntrepriseImage(ctx, 'BANNER', file),
  }),
  route({
    method: 'put',
    path: '/recruiters/company/pages/{typePage}',
    bodyLimit: LONG_TEXT_BODY_LIMIT,
    tag,
    summary: 'Create or update a company page',
    description:
      'OWNER only. One page per type; on creation `ordre` defaults to 0 and `publie` to false. `donneesJson` must be a JSON text.',
    access: RECRUTEUR,
    params: Type.Object({ typePage: TypePage }),
    body: EntreprisePageInput,
    response: EntreprisePageShape,
    message: 'Page saved',
    handler: ({ ctx, params, body }) => upsertEntreprisePage(ctx, params.typePage, body),
  }),
  route({
    method: 'get',
    path: '/recruiters/company/members',
    tag,
    summary: 'The ACTIVE recruiters of my company',
    description: 'ACTIVE recruiters; the OWNER first.',
    access: RECRUTEUR,
    scopes: ['company:read'],
    response: Type.Array(EntrepriseMember),
    handler: ({ ctx }) => listEntrepriseMembers(ctx),
  }),
  route({
    method: 'post',
    path: '/recruiters/company/members/invite',
    tag,
    summary: 'Invite a recruiter to the company',
    description:
      'OWNER only. Emails a single-use invitation token valid 7 days; the invitee registers with `POST /recruiters/register` and ' +
      '`invitationToken`. The answer is the same whether or not the address already has an account (which then gets an email ' +
      'saying who invited it, and no token), so this route does not tell which addresses are registered. ' +
      'At most 20 invitations per company per calendar day in Cameroon (429 INVITE_QUOTA_EXCEEDED), and the same address once per ' +
      '24 hours per company (409 ALREADY_INVITED_RECENTLY, `details` saying from when); both count every accepted call, known address or not.',
    access: RECRUTEUR,
    body: Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }) }),
    response: Type.Object({ email: Type.String(), expiresAt: DateTime }),
    errors: { 409: 'ALREADY_INVITED_RECENTLY', 429: 'INVITE_QUOTA_EXCEEDED' },
    message: 'Invitation sent',
    handler: ({ ctx, body }) => inviteMember(ctx, body.email),
  }),
  route({
    method: 'post',
    path: '/recruiters/company/transfer-ownership',
    tag,
    summary: 'Make another member the OWNER',
    description:
      'OWNER only. The target must be an ACTIVE recruiter of the same company (else 404, or 409 INVALID_TRANSITION when not ACTIVE); ' +
      'the caller becomes MEMBER. Exactly one OWNER at every moment, also under concurrent calls. Returns the members.',
    access: RECRUTEUR,
    body: Type.Object({ recruiterId: Id }),
    response: Type.Array(EntrepriseMember),
    errors: { 404: 'no such recruiter in the company', 409: 'INVALID_TRANSITION' },
    message: 'Ownership transferred',
    handler: ({ ctx, body }) => transferOwnership(ctx, body.recruiterId),
  }),
  route({
    method: 'get',
    path: '/public/entreprises',
    tag: publicTag,
    summary: 'Public companies',
    description:
      'Paginated (bare page). Companies checked by an administrator (at least one ACTIVE recruiter); `q` matches the name, `secteurId` ' +
      `the sector. Sort fields: nomEntreprise (default), createdAt. Published pages only. ${v2}`,
    access: 'public',
    publicCache: { maxAge: ENTREPRISES_MAX_AGE },
    sparseFields: true,
    query: Type.Object({
      q: Type.Optional(Type.String({ maxLength: 100 })),
      secteurId: Type.Optional(Id),
      ...PageQuery,
    }),
    envelope: false,
    response: pageOf(EntrepriseShape),
    handler: ({ ctx, query }) => listPublicEntreprises(ctx, query),
  }),
  route({
    method: 'get',
    path: '/public/entreprises/{id}',
    tag: publicTag,
    summary: 'A public company',
    description: `Published pages only; 404 for a company not (or no longer) public. ${v2}`,
    access: 'public',
    publicCache: { maxAge: ENTREPRISES_MAX_AGE },
    sparseFields: true,
    params: Type.Object({ id: Id }),
    response: EntrepriseShape,
    handler: ({ ctx, params }) => getPublicEntreprise(ctx, params.id),
  }),
]);
