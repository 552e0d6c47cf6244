/**
 * The lighter image encodings a client takes, read from `Accept`: only types it names outright
 * (`image/avif`, `image/webp`) with a non-zero weight, highest weight first, AVIF before WebP at
 * equal weight. Wildcards (`*\/*`, `image/*`) do not count: a client that names nothing keeps
 * getting the stored image, as before.
 */
const LIGHTER = ['image/avif', 'image/webp'];

export function acceptedImageEncodings(accept: string | undefined): string[] {
  const weights = new Map<string, number>();
  for (const part of (accept ?? '').split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    if (!LIGHTER.includes(type.trim())) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (Number.isFinite(weight) && weight > 0) weights.set(type.trim(), weight);
  }
  return LIGHTER.filter((t) => weights.has(t)).sort((a, b) => weights.get(b)! - weights.get(a)!);
}
