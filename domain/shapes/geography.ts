/**
 * A region and a city as the API shows them (bare answers of the geography routes); their static
 * types are the domain's RegionView, VilleView and VilleDetailView.
 */
import Type from 'typebox';

export const Region = Type.Object({
  id: Type.Integer(),
  nom: Type.String(),
  code: Type.String(),
  chefLieu: Type.String(),
});

export const Ville = Type.Object({
  id: Type.Integer(),
  regionId: Type.Integer(),
  nom: Type.String(),
  slug: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  population: Type.Integer(),
});

/** GET /villes/{id}: a city and how many quartiers it has. */
export const VilleDetail = Type.Intersect([
  Ville,
  Type.Object({ quartiers: Type.Integer({ description: 'number of neighbourhoods' }) }),
]);
