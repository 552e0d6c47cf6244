/**
 * Regions, towns and neighbourhoods: reading them, searching towns, reverse geocoding and distances.
 * The public face of the area: other areas import only this file.
 */
export { haversineKm } from './reverse-geocode.ts';
