/** Reference data schemas: they live in domain/shapes/reference.ts (re-exported here). */
export { ExperienceLevel, SecteurAdmin, SecteurPublic } from '../../domain/shapes/reference.ts';
