/**
 * City search for autocompletion (similarity match with a population boost, at
 * most 10). Accents and case are ignored and a typo is forgiven ("Douwala" finds Douala): a name
 * scores on prefix, substring, then edit distance of its closest word; the population adds a
 * small boost so that among equal matches the large city comes first.
 */
import type { Ctx } from '../context.ts';
import { editDistance, normalizeText } from '../shared/index.ts';
import { Ville } from '../../models/ville.ts';

export interface VilleSuggestion {
  id: number;
  nom: string;
  regionNom: string;
}

export const MAX_SUGGESTIONS = 10;

function similarity(query: string, name: string): number {
  if (name === query) return 1;
  if (name.startsWith(query)) return 0.9;
  const words = name.split(' ');
  if (words.some((w) => w.startsWith(query))) return 0.85;
  if (name.includes(query)) return 0.75;
  const tolerance = query.length <= 4 ? 1 : 2;
  let best = Infinity;
  for (const candidat of [name, ...words]) {
    // Compare with the start of the name as long as the query, so a typo in a prefix still counts.
    const head = candidat.slice(0, Math.max(query.length, 1));
    best = Math.min(best, editDistance(query, candidat, tolerance), editDistance(query, head, tolerance));
  }
  return best <= tolerance ? 0.7 - best * 0.1 : 0;
}

export async function searchVilles(ctx: Ctx, q: string): Promise<VilleSuggestion[]> {
  const query = normalizeText(q);
  if (!query) return [];
  const rows = await Ville.query(ctx.db)
    .joinRelated('region')
    .select('villes.id', 'villes.nom', 'villes.population', 'region.nom as regionNom')
    .castTo<(VilleSuggestion & { population: number })[]>();
  return rows
    .map((r) => ({ r, score: similarity(query, normalizeText(r.nom)) }))
    .filter((x) => x.score > 0)
    .map((x) => ({ ...x, score: x.score + Math.log10(Math.max(x.r.population, 1)) / 100 }))
    .sort((a, b) => b.score - a.score || a.r.nom.localeCompare(b.r.nom))
    .slice(0, MAX_SUGGESTIONS)
    .map(({ r }) => ({ id: r.id, nom: r.nom, regionNom: r.regionNom }));
}
