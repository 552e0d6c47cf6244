/**
 * Who may read a stored file. Answers 'public' (anyone: shared
 * caches may keep it), 'private' (this caller only) or null (the caller gets a 404, so a file's
 * existence is not revealed):
 * - LOGO, BANNER, BLOG_COVER, and any file used as a company logo/banner or a blog cover: public;
 * - a candidate's PHOTO while it is the photo of a public profile (profilPublic is strictly
 *   respected, so it turns private again when the flag is cleared): public;
 * - the owner and admins: always;
 * - a candidate's CV and PHOTO: ACTIVE recruiters of a company the candidate applied to, or
 *   whose talent pool holds the candidate by the candidate's consent (a member is linked to the
 *   account, `candidatId`, only once the candidate accepted; an email alone links nothing).
 */
import type { Ctx } from '../context.ts';
import { accountActor } from '../context.ts';
import type { FilePurpose } from '../../models/stored-file.ts';

export type FileVisibility = 'public' | 'private' | null;

export interface AccessibleFile {
  id: number;
  purpose: FilePurpose;
  ownerAccountId: number | null;
}

const PUBLIC_PURPOSES: FilePurpose[] = ['LOGO', 'BANNER', 'BLOG_COVER'];

async function usedAsPublicImage(ctx: Ctx, fileId: number): Promise<boolean> {
  const company = await ctx
    .db('entreprises')
    .where({ logoFileId: fileId })
    .orWhere({ bannerFileId: fileId })
    .first('id');
  if (company) return true;
  return Boolean(await ctx.db('blogArticles').where({ coverFileId: fileId }).first('id'));
}

async function isPublicProfilePhoto(ctx: Ctx, file: AccessibleFile): Promise<boolean> {
  if (file.purpose !== 'PHOTO' || !file.ownerAccountId) return false;
  const row = await ctx
    .db('candidates as c')
    .join('accounts as a', 'a.id', 'c.id')
    .where({
      'c.id': file.ownerAccountId,
      'c.photoFileId': file.id,
      'c.profilPublic': true,
      'a.enabled': true,
    })
    .first('c.id');
  return Boolean(row);
}

/** True when the recruiter is ACTIVE and its company received an application from the candidate, or pools it with consent. */
async function recruiterKnowsCandidate(ctx: Ctx, recruiterId: number, candidatId: number): Promise<boolean> {
  const recruiter = (await ctx
    .db('recruiters')
    .where({ id: recruiterId, status: 'ACTIVE' })
    .first('entrepriseId')) as { entrepriseId: number } | undefined;
  if (!recruiter) return false;
  const applied = await ctx
    .db('candidatures as c')
    .join('offres as o', 'o.id', 'c.offreId')
    .where({ 'c.candidatId': candidatId, 'o.entrepriseId': recruiter.entrepriseId })
    .first('c.id');
  if (applied) return true;
  const pooled = await ctx
    .db('vivierCandidats as vc')
    .join('viviers as v', 'v.id', 'vc.vivierId')
    .where({ 'vc.candidatId': candidatId, 'v.entrepriseId': recruiter.entrepriseId })
    .first('vc.id');
  return Boolean(pooled);
}

export async function fileVisibility(ctx: Ctx, file: AccessibleFile): Promise<FileVisibility> {
  if (PUBLIC_PURPOSES.includes(file.purpose) || (await usedAsPublicImage(ctx, file.id))) return 'public';
  if (await isPublicProfilePhoto(ctx, file)) return 'public';
  const actor = accountActor(ctx);
  if (!actor) return null;
  if (actor.id === file.ownerAccountId || actor.role === 'ADMIN' || actor.role === 'SUPER_ADMIN')
    return 'private';
  if (
    actor.role === 'RECRUTEUR' &&
    (file.purpose === 'CV' || file.purpose === 'PHOTO') &&
    file.ownerAccountId
  ) {
    const ownerIsCandidate = await ctx.db('candidates').where({ id: file.ownerAccountId }).first('id');
    if (ownerIsCandidate && (await recruiterKnowsCandidate(ctx, actor.id, file.ownerAccountId)))
      return 'private';
  }
  return null;
}
