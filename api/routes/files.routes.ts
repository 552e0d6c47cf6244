/** File upload and download. */
import Type from 'typebox';
import { defineRoutes, route } from '../http/route.ts';
import { Id, StringEnum } from '../schemas/common.ts';
import { uploadFile } from '../../domain/files/upload-file.ts';
import { openFileForCaller } from '../../domain/files/open-file.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_PURPOSES, UPLOAD_RULES } from '../../domain/files/upload-rules.ts';
import { sendFile } from './send-file.ts';
import { acceptedImageEncodings } from '../http/image-accept.ts';
import { IMAGE_UPLOAD_NOTE, imageUploadErrors } from './image-upload-doc.ts';
import { ENCODED_ORIGINAL_MAX_SIDE } from '../../domain/files/image-variants.ts';

const tag = 'File Upload';

const rulesText = Object.entries(UPLOAD_RULES)
  .map(
    ([purpose, r]) =>
      `${purpose}: ${r.allowed.join(', ')}, at most ${r.maxBytes / (1024 * 1024)} MB${'variantWidths' in r ? ` (variants ${r.variantWidths.join('/')} px)` : ''}`,
  )
  .join('; ');

export const routes = defineRoutes([
  route({
    method: 'post',
    path: '/files/upload',
    tag,
    summary: 'Upload a file',
    description:
      `Multipart \`file\` and \`purpose\`. The content type is detected from the bytes. ${rulesText}. ` +
      'BLOG_COVER is for admins, LOGO and BANNER for recruiters and admins. Empty file: 400; too large: 413; type not allowed: 415. ' +
      IMAGE_UPLOAD_NOTE,
    access: ['CANDIDAT', 'RECRUTEUR', 'ADMIN', 'SUPER_ADMIN'],
    rateCategory: 'upload',
    upload: {
      maxBytes: MAX_UPLOAD_BYTES,
      fields: Type.Object({ purpose: StringEnum(UPLOAD_PURPOSES) }),
    },
    response: Type.Object({
      id: Type.Integer(),
      url: Type.String(),
      contentType: Type.String(),
      size: Type.Integer(),
    }),
    errors: {
      ...imageUploadErrors('over the size limit of the purpose'),
      415: 'content not allowed for the purpose',
    },
    message: 'File uploaded',
    handler: ({ ctx, file, fields }) => uploadFile(ctx, file, fields.purpose),
  }),
  route({
    method: 'get',
    path: '/files/{id}',
    tag,
    summary: 'Download a file',
    description:
      'The bytes with the content type detected at upload (`X-Content-Type-Options: nosniff`). Served to the owner and admins; ' +
      'LOGO, BANNER, BLOG_COVER (and files used as a company logo/banner or blog cover) to everyone; a candidate’s CV and PHOTO to ' +
      'ACTIVE recruiters of a company the candidate applied to or whose talent pool holds the candidate, and the photo of a public ' +
      'profile to everyone. Anyone else gets 404. `size` picks a resized variant (logos 128/256/512, covers 600/1200/1920; WebP). ' +
      'Images are negotiated on `Accept` (`Vary: Accept`): a client naming `image/avif` or `image/webp` gets that encoding of the ' +
      'image or variant when one was stored and is smaller (AVIF first at equal weight; an original gets them only when it is at ' +
      `most ${ENCODED_ORIGINAL_MAX_SIDE} px on a side, its variants always); a client naming neither (or only ` +
      'wildcards) gets the stored image, as does one asking for an image stored before lighter encodings existed.',
    access: 'optional',
    params: Type.Object({ id: Id }),
    query: Type.Object({ size: Type.Optional(Type.String({ pattern: '^[0-9]{1,5}$' })) }),
    envelope: false,
    // Documents and images, with the type detected at upload.
    produces: '*/*',
    response: Type.String({ format: 'binary', description: 'the file (not JSON)' }),
    handler: async ({ ctx, koa, params, query }) =>
      sendFile(
        koa,
        await openFileForCaller(ctx, params.id, query.size, acceptedImageEncodings(koa.get('Accept'))),
      ),
  }),
]);
