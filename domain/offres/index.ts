/**
 * Job offers: creating, editing, publishing, archiving and deleting them, their views, the public
 * lists and search, and the administrators' view. The public face of the area: other areas import only
 * this file.
 */
export { findEntrepriseOffre } from './entreprise-offre.ts';
export { listEntreprisePublicOffres } from './list-public-offres.ts';
export {
  loadFullOffreViews,
  loadOffreViews,
  type OffreView,
  parseCompetences,
  publicOffreView,
} from './offre-view.ts';
export { SEARCH_SORTS, searchPublicOffres } from './search-offres.ts';
