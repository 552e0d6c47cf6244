/**
 * `npm run openapi:fingerprint`: writes docs/openapi.sha256, the fingerprint of the OpenAPI
 * document (api/openapi-fingerprint.ts). Run it when a commit changes the API on purpose.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fingerprintLine, openApiFingerprint } from '../api/openapi-fingerprint.ts';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'openapi.sha256');
const line = fingerprintLine(openApiFingerprint());
writeFileSync(file, line);
process.stdout.write(line);
