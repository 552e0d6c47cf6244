/** Geography schemas: they live in domain/shapes/geography.ts (re-exported here). */
export { Region, Ville, VilleDetail } from '../../domain/shapes/geography.ts';
