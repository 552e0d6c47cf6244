/**
 * POST /files/upload: stores a file for the signed-in account with a purpose;
 * the purpose fixes the allowed content types and the size limit (upload-rules.ts).
 * Purposes that are public by nature are kept to the roles that publish them, so the service is
 * not an anonymous image host: BLOG_COVER for admins, LOGO and BANNER for recruiters and admins.
 */
import type { Ctx } from '../context.ts';
import { accountActor } from '../context.ts';
import { bilingual, ForbiddenError, UnauthorizedError } from '../errors.ts';
import type { Role } from '../../models/account.ts';
import { storeUpload, type IncomingFile } from './store-upload.ts';
import { UPLOAD_RULES, type UploadPurpose } from './upload-rules.ts';
import { fileUrl } from './file-urls.ts';

const ROLES_BY_PURPOSE: Partial<Record<UploadPurpose, Role[]>> = {
  BLOG_COVER: ['ADMIN', 'SUPER_ADMIN'],
  LOGO: ['RECRUTEUR', 'ADMIN', 'SUPER_ADMIN'],
  BANNER: ['RECRUTEUR', 'ADMIN', 'SUPER_ADMIN'],
};

export interface UploadedFileView {
  id: number;
  url: string;
  contentType: string;
  size: number;
}

export async function uploadFile(
  ctx: Ctx,
  file: IncomingFile | null,
  purpose: UploadPurpose,
): Promise<UploadedFileView> {
  const actor = accountActor(ctx);
  if (!actor) throw new UnauthorizedError();
  const roles = ROLES_BY_PURPOSE[purpose];
  if (roles && !roles.includes(actor.role))
    throw new ForbiddenError(
      bilingual(
        `Votre rôle ne vous permet pas d’envoyer des fichiers ${purpose}`,
        `Your role may not upload ${purpose} files`,
      ),
    );
  const stored = await storeUpload(ctx, file, {
    ...UPLOAD_RULES[purpose],
    purpose,
    ownerAccountId: actor.id,
  });
  return {
    id: stored.id,
    url: fileUrl(ctx.config.publicUrl, stored.id),
    contentType: stored.contentType,
    size: stored.size,
  };
}
