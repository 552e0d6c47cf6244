/**
 * Members of a pool, paginated: `q` searches name, first name and email (a substring, LIKE
 * wildcards in the text are taken literally), `tag` keeps members with that tag (case ignored).
 */
import type { Ctx } from '../context.ts';
import { pageOf, pageRequest, paginate, type Page } from '../shared/index.ts';
import { ownVivier } from './own-vivier.ts';
import { VIVIER_CANDIDAT_COLUMNS, vivierCandidatView, type VivierCandidatView } from './vivier-view.ts';
import { VivierCandidat } from '../../models/vivier-candidat.ts';

const SORTABLE = { createdAt: 'createdAt', email: 'email', nom: 'nom', prenom: 'prenom' };

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface VivierCandidatsQuery {
  page?: number;
  size?: number;
  sort?: string[];
  q?: string;
  tag?: string;
}

export async function listVivierCandidats(
  ctx: Ctx,
  vivierId: number,
  query: VivierCandidatsQuery,
): Promise<Page<VivierCandidatView>> {
  await ownVivier(ctx, vivierId);
  const req = pageRequest(query, SORTABLE, [{ column: 'createdAt', direction: 'desc' }]);
  const q = VivierCandidat.query(ctx.db)
    .where({ vivierId })
    .select(...VIVIER_CANDIDAT_COLUMNS);
  const text = query.q?.trim();
  if (text) {
    const like = `%${likeEscape(text)}%`;
    q.where((w) => {
      w.where('email', 'like', like)
        .orWhere('nom', 'like', like)
        .orWhere('prenom', 'like', like)
        .orWhereRaw("CONCAT_WS(' ', prenom, nom) LIKE ?", [like]);
    });
  }
  const tag = query.tag?.trim();
  if (tag) q.whereRaw('JSON_CONTAINS(LOWER(tags), JSON_QUOTE(LOWER(?)))', [tag]);
  // Paged as plain rows (tags still JSON text there: vivierCandidatView reads both).
  const { rows, total } = await paginate<Parameters<typeof vivierCandidatView>[0]>(
    q.toKnexQuery(),
    req,
    'id',
  );
  return pageOf(rows.map(vivierCandidatView), total, req);
}
