/**
 * PUT /recruiters/company/pages/{typePage} (OWNER): creates or updates the company's one page of
 * that type (unique per company and type, so two concurrent writes cannot create two). Fields
 * left out keep their value on update and take the defaults on creation (ordre 0, not published).
 */
import type { PartialModelObject } from 'objection';
import type { Ctx } from '../context.ts';
import { inputError, NotFoundError } from '../errors.ts';
import { EntreprisePage, type TypePage } from '../../models/entreprise-page.ts';
import { requireEntrepriseOwner } from './current-recruteur.ts';
import type { EntrepriseView } from './entreprise-view.ts';

export interface PageInput {
  contenu: string;
  donneesJson?: string | null;
  ordre?: number;
  publie?: boolean;
}

export type EntreprisePageView = EntrepriseView['pages'][number];

export async function upsertEntreprisePage(
  ctx: Ctx,
  typePage: TypePage,
  input: PageInput,
): Promise<EntreprisePageView> {
  const owner = await requireEntrepriseOwner(ctx);
  if (typeof input.donneesJson === 'string') {
    try {
      JSON.parse(input.donneesJson);
    } catch {
      throw inputError('donneesJson is not valid JSON', 'body.donneesJson', 'format', { format: 'json' });
    }
  }
  const now = ctx.clock.now();
  const values: PartialModelObject<EntreprisePage> = { contenu: input.contenu, updatedAt: now };
  if (input.donneesJson !== undefined) values.donneesJson = input.donneesJson;
  if (input.ordre !== undefined) values.ordre = input.ordre;
  if (input.publie !== undefined) values.publie = input.publie;
  await EntreprisePage.query(ctx.db)
    .insert({
      entrepriseId: owner.entrepriseId,
      typePage,
      ordre: 0,
      publie: false,
      createdAt: now,
      ...values,
    })
    .onConflict(['entrepriseId', 'typePage'])
    .merge(Object.keys(values));
  const page = await EntreprisePage.query(ctx.db)
    .where({ entrepriseId: owner.entrepriseId, typePage })
    .select('id', 'typePage', 'contenu', 'donneesJson', 'ordre', 'publie')
    .first();
  if (!page) throw new NotFoundError('Page');
  const { id, contenu, donneesJson, ordre, publie } = page;
  return { id, typePage: page.typePage, contenu, donneesJson, ordre, publie: Boolean(publie) };
}
