/**
 * `recrutement recruiters documents <id> [--download <dir>]`: the registration documents a
 * recruiter uploaded (file id, name, type, size, date, the current one marked), read before
 * `approve`. `--download` copies them from the storage (folder or bucket) into <dir> as
 * `<file id>-<name>`: the name the recruiter gave is reduced to safe characters, so it cannot
 * climb out of <dir> or hide its extension.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';
import type { RecruteurDocument } from '../../domain/recruteurs/list-recruteur-documents.ts';
import type { Storage } from '../../lib/storage.ts';
import { nonBlank, positiveInt } from '../ui/arguments.ts';
import { dateTime } from '../ui/format.ts';
import type { EnvFactory } from '../command-env.ts';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
};

export function downloadName(
  doc: Pick<RecruteurDocument, 'fileId' | 'originalName' | 'contentType'>,
): string {
  const given = path.basename(doc.originalName ?? 'document').replace(/\.[^.]*$/, '');
  const safe =
    given
      .replace(/[^\w-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 80) || 'document';
  return `${doc.fileId}-${safe}${EXTENSIONS[doc.contentType] ?? '.bin'}`;
}

async function download(storage: Storage, docs: RecruteurDocument[], dir: string) {
  await mkdir(dir, { recursive: true });
  const saved: { fileId: number; path: string }[] = [];
  for (const doc of docs) {
    const file = path.resolve(dir, downloadName(doc));
    await pipeline(storage.stream(doc.storageKey), createWriteStream(file));
    saved.push({ fileId: doc.fileId, path: file });
  }
  return saved;
}

export function registerRecruteurDocumentsCommand(recruteurs: Command, env: EnvFactory): void {
  recruteurs
    .command('documents')
    .argument('<id>', 'recruiter id', positiveInt)
    .description(
      "a recruiter's uploaded registration documents (newest first, the current one marked), to read before approving",
    )
    .option('--download <dir>', 'copy every document into this folder (created if missing)', nonBlank)
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement recruiters documents 42\n  $ recrutement recruiters documents 42 --download ./rccm-42',
    )
    .action(async (id: number, opts: { download?: string }) => {
      const e = env();
      const { listRecruteurDocuments } = await import('../../domain/recruteurs/list-recruteur-documents.ts');
      const docs = await listRecruteurDocuments(e.ctx(), id);
      const saved = opts.download ? await download(e.runtime().storage, docs, opts.download) : [];
      const paths = new Map(saved.map((s) => [s.fileId, s.path]));
      const rows = docs.map((d) => ({
        ...d,
        ...(paths.has(d.fileId) ? { downloadedTo: paths.get(d.fileId) } : {}),
      }));
      e.output.result(rows, () => {
        if (!docs.length) return e.output.out(`Recruiter #${id} has uploaded no document`);
        e.output.table(
          ['file id', 'name', 'type', 'size', 'uploaded', 'current', ...(opts.download ? ['saved to'] : [])],
          rows.map((d) => [
            d.fileId,
            d.originalName,
            d.contentType,
            `${Math.ceil(d.size / 1024)} KB`,
            dateTime(d.uploadedAt),
            d.current ? 'yes' : '',
            ...(opts.download ? [d.downloadedTo] : []),
          ]),
        );
      });
    });
}
