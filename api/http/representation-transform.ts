/**
 * The one place that decides how an ImageRef (company logo) is rendered: a string for v1, an
 * object {url, variants} for `Accept: application/vnd.service.v2+json`.
 */
import { ImageRef } from '../../domain/files/file-urls.ts';
import type { Representation } from '../middleware/representation.ts';

export function applyRepresentation(value: unknown, representation: Representation): unknown {
  if (value instanceof ImageRef)
    return representation === 'v2' ? { url: value.url, variants: value.variants } : value.url;
  if (Array.isArray(value)) return value.map((v) => applyRepresentation(v, representation));
  if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = applyRepresentation(v, representation);
    return out;
  }
  return value;
}
