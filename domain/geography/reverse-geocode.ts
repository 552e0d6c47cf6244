/**
 * Reverse geocoding (POST /geo/reverse): the nearest city by great-circle distance, and the
 * nearest neighbourhood of that city when it has some. `distance` is in kilometres to the city.
 */
import type { Ctx } from '../context.ts';
import { bilingual, ValidationError } from '../errors.ts';
import { Quartier } from '../../models/quartier.ts';
import { Ville } from '../../models/ville.ts';

const EARTH_RADIUS_KM = 6371.0088;

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface ReverseResult {
  ville: { id: number; nom: string };
  quartier: { id: number; nom: string } | null;
  distance: number;
}

interface Point {
  id: number;
  nom: string;
  latitude: number | null;
  longitude: number | null;
}

function nearest<T extends Point>(points: T[], lat: number, lon: number): { point: T; km: number } | null {
  let best: { point: T; km: number } | null = null;
  for (const p of points) {
    if (p.latitude === null || p.longitude === null) continue;
    const km = haversineKm(lat, lon, p.latitude, p.longitude);
    if (!best || km < best.km) best = { point: p, km };
  }
  return best;
}

export async function reverseGeocode(ctx: Ctx, latitude: number, longitude: number): Promise<ReverseResult> {
  if (!(latitude >= -90 && latitude <= 90) || !(longitude >= -180 && longitude <= 180)) {
    throw new ValidationError(
      bilingual(
        'Coordonnées hors limites : la latitude doit être comprise entre -90 et 90, la longitude entre -180 et 180',
        'Coordinates out of range: latitude must be within -90..90 and longitude within -180..180',
      ),
      `latitude: ${latitude}, longitude: ${longitude}`,
    );
  }
  // Distances are computed here, not in SQL: every city is read.
  const villes = await Ville.query(ctx.db).select('id', 'nom', 'latitude', 'longitude');
  const city = nearest(villes, latitude, longitude);
  if (!city)
    throw new ValidationError(
      bilingual(
        'Aucune ville connue : les données géographiques de référence ne sont pas chargées',
        'No city known: geography reference data is not loaded',
      ),
    );
  const quartiers = await Quartier.query(ctx.db)
    .where({ villeId: city.point.id })
    .select('id', 'nom', 'latitude', 'longitude');
  const q = nearest(quartiers, latitude, longitude);
  return {
    ville: { id: city.point.id, nom: city.point.nom },
    quartier: q ? { id: q.point.id, nom: q.point.nom } : null,
    distance: Math.round(city.km * 1000) / 1000,
  };
}
