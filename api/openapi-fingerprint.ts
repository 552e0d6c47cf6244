/**
 * The OpenAPI document's fingerprint: the SHA-256 of the document as the default configuration
 * builds it. `docs/openapi.sha256` holds the fingerprint of the API as last changed on purpose;
 * a fast test fails when the document differs from it by one byte, so a refactoring that must not
 * touch the API proves it did not, and a change of the API is a deliberate line of its commit
 * (`npm run openapi:fingerprint` writes the new one).
 */
import { createHash } from 'node:crypto';
import { loadConfig } from '../lib/config.ts';
import { allRoutes } from './routes/index.ts';
import { buildOpenApi } from './openapi.ts';

export interface OpenApiFingerprint {
  sha256: string;
  paths: number;
  bytes: number;
}

export function openApiFingerprint(): OpenApiFingerprint {
  const config = loadConfig({});
  const document = buildOpenApi(allRoutes(config), config.publicUrl);
  const text = JSON.stringify(document);
  return {
    sha256: createHash('sha256').update(text).digest('hex'),
    paths: Object.keys(document.paths as object).length,
    bytes: Buffer.byteLength(text),
  };
}

/** The line of docs/openapi.sha256. */
export function fingerprintLine({ sha256, paths, bytes }: OpenApiFingerprint): string {
  return `${sha256}  openapi.json (${paths} paths, ${bytes} bytes, default configuration)\n`;
}
