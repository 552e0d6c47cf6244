/** GET /admin/reference/sectors: every sector (active or not), with its company count, by name. */
import type { Ctx } from '../context.ts';
import { sectorRowsQuery, toSecteurAdminView, type SecteurAdminView } from './sector-admin-view.ts';

export async function listSectorsAdmin(
  ctx: Ctx,
  _input: Record<string, never> = {},
): Promise<SecteurAdminView[]> {
  const rows = await sectorRowsQuery(ctx.db).orderBy('secteursActivite.nom').castTo<SecteurAdminView[]>();
  return rows.map(toSecteurAdminView);
}
