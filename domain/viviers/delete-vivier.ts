/** Deletes a pool with its members and imports (foreign keys cascade). */
import type { Ctx } from '../context.ts';
import { ownVivier } from './own-vivier.ts';
import { Vivier } from '../../models/vivier.ts';

export async function deleteVivier(ctx: Ctx, vivierId: number): Promise<void> {
  await ownVivier(ctx, vivierId);
  await Vivier.query(ctx.db).deleteById(vivierId);
}
