/**
 * The documented route a request for an unknown path was probably meant for, named in the 404's
 * details: the same method and number of segments, each fixed segment the same or one or two
 * typing mistakes away (`/offre/12` for `/offres/{offreId}`), a path parameter taking any value.
 * Null when no route is that close, so a 404 never guesses wildly.
 */
import { closestName } from './closest-name.ts';

interface DocumentedRoute {
  method: string;
  /** OpenAPI style, relative to the prefix: '/offres/{offreId}'. */
  path: string;
}

const isParameter = (segment: string) => segment.startsWith('{') && segment.endsWith('}');
const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** Mistyped fixed segments, or null when a segment is not close to the route's. */
function mistakes(asked: string[], documented: string[]): number | null {
  let count = 0;
  for (let i = 0; i < documented.length; i++) {
    const want = documented[i]!;
    const got = asked[i]!;
    if (isParameter(want) || got === want) continue;
    if (closestName(got, [want]) === null) return null;
    count += 1;
  }
  return count;
}

export function closestRoute(
  prefix: string,
  routes: readonly DocumentedRoute[],
): (method: string, path: string) => string | null {
  const documented = routes.map((r) => {
    const segments = segmentsOf(r.path);
    return {
      method: r.method.toUpperCase(),
      path: r.path,
      segments,
      parameters: segments.filter(isParameter).length,
    };
  });
  return (method, path) => {
    if (!path.startsWith(`${prefix}/`)) return null;
    const asked = segmentsOf(path.slice(prefix.length));
    let best: { route: (typeof documented)[number]; mistakes: number } | null = null;
    for (const route of documented) {
      if (route.method !== method || route.segments.length !== asked.length) continue;
      const n = mistakes(asked, route.segments);
      if (n === null || n === 0) continue;
      // Fewest mistakes; among equals, more fixed segments matched (`/offre/search`: the search).
      if (!best || n < best.mistakes || (n === best.mistakes && route.parameters < best.route.parameters))
        best = { route, mistakes: n };
    }
    return best ? `${best.route.method} ${prefix}${best.route.path}` : null;
  };
}
