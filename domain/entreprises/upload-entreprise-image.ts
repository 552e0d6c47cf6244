/**
 * POST /recruiters/company/logo and /banner (OWNER): JPEG, PNG or WebP checked from the bytes, at
 * most 5 MB; the logo gets 128/256/512 px variants (the v2 logoUrl object lists them). The
 * image replaced is deleted with the change.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { type IncomingFile, storeAndAttach, UPLOAD_RULES } from '../files/index.ts';
import { requireEntrepriseOwner } from './current-recruteur.ts';
import { loadEntrepriseView, type EntrepriseView } from './entreprise-view.ts';
import { Entreprise } from '../../models/entreprise.ts';

export type EntrepriseImage = 'LOGO' | 'BANNER';

const COLUMN = { LOGO: 'logoFileId', BANNER: 'bannerFileId' } as const;

export async function uploadEntrepriseImage(
  ctx: Ctx,
  kind: EntrepriseImage,
  file: IncomingFile | null,
): Promise<EntrepriseView> {
  const owner = await requireEntrepriseOwner(ctx);
  const id = owner.entrepriseId;
  const column = COLUMN[kind];
  await storeAndAttach(
    ctx,
    file,
    { ...UPLOAD_RULES[kind], purpose: kind, ownerAccountId: owner.id },
    async (t, stored) => {
      // Locked so that two concurrent uploads each delete the image they really replace.
      const current = await Entreprise.query(t.db).findById(id).forUpdate().select(column);
      if (!current) throw new NotFoundError('Entreprise');
      await Entreprise.query(t.db)
        .findById(id)
        .patch({ [column]: stored.id, updatedAt: t.clock.now() });
      return { result: null, replacedFileIds: [current[column]] };
    },
  );
  const view = await loadEntrepriseView(ctx.db, id, ctx.config.publicUrl);
  if (!view) throw new NotFoundError('Entreprise');
  return view;
}
