/**
 * Who may read a stored file. Answers 'public' (anyone: shared
 * caches may keep it), 'public-revocable' (anyone for now, but its owner can take that back, so
 * only the reader's own browser may keep it, revalidating), 'private' (this caller only) or null
 * (the caller gets a 404, so a file's existence is not revealed):
 * - LOGO, BANNER, BLOG_COVER, and any file used as a company logo/banner or a blog cover: public;
 * - a candidate's PHOTO while it is the photo of a public profile (profilPublic is strictly
 *   respected, so it turns private again when the flag is cleared): public-revocable;
 * - the owner and admins: always;
 * - a candidate's current CV and PHOTO: ACTIVE recruiters of a company the candidate applied to,
 *   or whose talent pool holds the candidate by the candidate's consent (a member is linked to the
 *   account, `candidatId`, only once the candidate accepted; an email alone links nothing);
 * - the CV an application was sent with (kept after the profile's CV changed): ACTIVE recruiters
 *   of the company of the offer applied to, and nobody else.
 */
import type { Ctx } from '../context.ts';
import { accountActor } from '../context.ts';
import type { FilePurpose } from '../../models/stored-file.ts';
import { Entreprise } from '../../models/entreprise.ts';
import { BlogArticle } from '../../models/blog-article.ts';
import { Candidat } from '../../models/candidat.ts';
import { Recruteur } from '../../models/recruteur.ts';
import { Candidature } from '../../models/candidature.ts';
import { VivierCandidat } from '../../models/vivier-candidat.ts';
import { isApplicationCvOfEntreprise } from './application-cv.ts';

export type FileVisibility = 'public' | 'public-revocable' | 'private' | null;

export interface AccessibleFile {
  id: number;
  purpose: FilePurpose;
  ownerAccountId: number | null;
}

const PUBLIC_PURPOSES: FilePurpose[] = ['LOGO', 'BANNER', 'BLOG_COVER'];

async function usedAsPublicImage(ctx: Ctx, fileId: number): Promise<boolean> {
  const entreprise = await Entreprise.query(ctx.db)
    .where({ logoFileId: fileId })
    .orWhere({ bannerFileId: fileId })
    .select('id')
    .limit(1)
    .first();
  if (entreprise) return true;
  return Boolean(
    await BlogArticle.query(ctx.db).where({ coverFileId: fileId }).select('id').limit(1).first(),
  );
}

async function isPublicProfilePhoto(ctx: Ctx, file: AccessibleFile): Promise<boolean> {
  if (file.purpose !== 'PHOTO' || !file.ownerAccountId) return false;
  const row = await Candidat.query(ctx.db)
    .joinRelated('account')
    .where({
      'candidates.id': file.ownerAccountId,
      'candidates.photoFileId': file.id,
      'candidates.profilPublic': true,
      'account.enabled': true,
    })
    .select('candidates.id')
    .first();
  return Boolean(row);
}

/** The company of an ACTIVE recruiter, else null. */
async function activeRecruteurEntreprise(ctx: Ctx, recruteurId: number): Promise<number | null> {
  const recruteur = await Recruteur.query(ctx.db)
    .where({ id: recruteurId, status: 'ACTIVE' })
    .select('entrepriseId')
    .first();
  return recruteur?.entrepriseId ?? null;
}

/** True when the file is the candidate's current profile CV or photo (not one kept for an application). */
async function isCurrentProfileFile(ctx: Ctx, file: AccessibleFile): Promise<boolean> {
  const row = await Candidat.query(ctx.db)
    .findById(file.ownerAccountId!)
    .where((q) => {
      q.where({ cvFileId: file.id }).orWhere({ photoFileId: file.id });
    })
    .select('id');
  return Boolean(row);
}

/** True when the company received an application from the candidate, or pools it with consent. */
async function entrepriseKnowsCandidat(ctx: Ctx, entrepriseId: number, candidatId: number): Promise<boolean> {
  const applied = await Candidature.query(ctx.db)
    .joinRelated('offre')
    .where({ 'candidatures.candidatId': candidatId, 'offre.entrepriseId': entrepriseId })
    .select('candidatures.id')
    .limit(1)
    .first();
  if (applied) return true;
  const pooled = await VivierCandidat.query(ctx.db)
    .joinRelated('vivier')
    .where({ 'vivierCandidats.candidatId': candidatId, 'vivier.entrepriseId': entrepriseId })
    .select('vivierCandidats.id')
    .limit(1)
    .first();
  return Boolean(pooled);
}

export async function fileVisibility(ctx: Ctx, file: AccessibleFile): Promise<FileVisibility> {
  if (PUBLIC_PURPOSES.includes(file.purpose) || (await usedAsPublicImage(ctx, file.id))) return 'public';
  if (await isPublicProfilePhoto(ctx, file)) return 'public-revocable';
  const actor = accountActor(ctx);
  if (!actor) return null;
  if (actor.id === file.ownerAccountId || actor.role === 'ADMIN' || actor.role === 'SUPER_ADMIN')
    return 'private';
  if (actor.role !== 'RECRUTEUR' || (file.purpose !== 'CV' && file.purpose !== 'PHOTO')) return null;
  const entrepriseId = await activeRecruteurEntreprise(ctx, actor.id);
  if (entrepriseId === null) return null;
  if (file.purpose === 'CV' && (await isApplicationCvOfEntreprise(ctx, file.id, entrepriseId)))
    return 'private';
  if (
    file.ownerAccountId &&
    (await isCurrentProfileFile(ctx, file)) &&
    (await entrepriseKnowsCandidat(ctx, entrepriseId, file.ownerAccountId))
  )
    return 'private';
  return null;
}
