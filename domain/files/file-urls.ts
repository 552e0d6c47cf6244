/** Public URLs of stored files: GET /v1/api/files/{id}, resized variants with ?size=. */
import { parseJsonColumn } from '../../lib/json-column.ts';
export function fileUrl(publicUrl: string, fileId: number, size?: number | string): string {
  return `${publicUrl}/v1/api/files/${fileId}${size ? `?size=${size}` : ''}`;
}

/**
 * A company logo: rendered as a plain URL string for v1 clients and as {url, variants} for
 * clients that ask for `application/vnd.service.v2+json`. The API decides
 * which, in one place (api/http/representation-transform.ts).
 */
export class ImageRef {
  constructor(
    readonly url: string,
    readonly variants: Record<string, string>,
  ) {}
  toJSON(): string {
    return this.url;
  }
}

export function imageRef(
  publicUrl: string,
  file: { id: number; variants: Record<string, string> | string | null } | null,
): ImageRef | null {
  if (!file) return null;
  const variants = parseJsonColumn<Record<string, string>>(file.variants) ?? {};
  const urls: Record<string, string> = {};
  for (const size of Object.keys(variants)) urls[size] = fileUrl(publicUrl, file.id, size);
  return new ImageRef(fileUrl(publicUrl, file.id), urls);
}
