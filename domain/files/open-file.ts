/**
 * Reading a stored file back: GET /files/{id} (with an optional resized variant) and the
 * dedicated downloads (a candidate's own CV). The caller decides who may read; this opens the
 * bytes with the content type detected at upload, never one derived from the name. An image is
 * served in a lighter encoding (AVIF, WebP) when the client takes it and one was stored; files
 * stored without any are served as they are.
 */
import type { Readable } from 'node:stream';
import type { Ctx } from '../context.ts';
import { bilingual, inputError, NotFoundError } from '../errors.ts';
import { StoredFile } from '../../models/stored-file.ts';
import { fileVisibility } from './file-access.ts';
import { ORIGINAL } from './image-formats.ts';

export interface FileDownload {
  contentType: string;
  /** Bytes, when known (variants are not measured). */
  size: number | null;
  filename: string;
  /** Anyone may read it: shared caches may keep it. */
  isPublic: boolean;
  /**
   * Anyone may read it today, but its owner can make it private (a profile photo): a shared cache
   * would go on serving it, so only the reader's browser may keep it, revalidating each use.
   */
  mayTurnPrivate: boolean;
  /**
   * Names these exact bytes: the storage key, which is never reused for other bytes (every
   * upload gets a new one), so it can tag the answer for conditional GETs.
   */
  version: string;
  /** The bytes, opened only when they are to be sent (not for a 304). */
  open(): Readable;
}

/** The columns of a stored file that reading it back needs (variants and formats parsed by the model). */
export type FileRow = Pick<
  StoredFile,
  | 'id'
  | 'purpose'
  | 'ownerAccountId'
  | 'storageKey'
  | 'originalName'
  | 'contentType'
  | 'size'
  | 'variants'
  | 'formats'
>;

const FILE_COLUMNS = [
  'id',
  'purpose',
  'ownerAccountId',
  'storageKey',
  'originalName',
  'contentType',
  'size',
  'variants',
  'formats',
];

export async function findFileRow(ctx: Ctx, id: number): Promise<FileRow | null> {
  return (await StoredFile.query(ctx.db).findById(id).select(FILE_COLUMNS)) ?? null;
}

function extensionOf(key: string): string {
  const dot = key.lastIndexOf('.');
  return dot >= 0 ? key.slice(dot + 1) : 'bin';
}

/** Opens a file (or one of its variants) for download; a missing object in storage is a 404. */
export async function openFileRow(
  ctx: Ctx,
  file: FileRow,
  opts: {
    size?: string;
    isPublic: boolean;
    mayTurnPrivate?: boolean;
    /** Content types the client takes besides the stored one, most wanted first (from Accept). */
    accepts?: readonly string[];
  },
): Promise<FileDownload> {
  let key = file.storageKey;
  let contentType = file.contentType;
  let size: number | null = Number(file.size);
  let filename =
    file.originalName ?? `${file.purpose.toLowerCase()}-${file.id}.${extensionOf(file.storageKey)}`;
  if (opts.size !== undefined) {
    const variants = file.variants ?? {};
    const variantKey = Object.prototype.hasOwnProperty.call(variants, opts.size)
      ? variants[opts.size]
      : undefined;
    if (!variantKey) {
      const available = Object.keys(variants);
      throw inputError(
        'Unknown image size',
        'query.size',
        'enum',
        { allowedValues: available },
        available.length
          ? bilingual(
              `tailles possibles : ${available.join(', ')}`,
              `size must be one of ${available.join(', ')}`,
            )
          : bilingual('ce fichier n’a pas de version redimensionnée', 'this file has no resized variants'),
      );
    }
    key = variantKey;
    contentType = 'image/webp';
    size = null;
    filename = `${file.purpose.toLowerCase()}-${file.id}-${opts.size}.webp`;
  }
  const lighter = await lighterEncoding(ctx, file, opts.size ?? ORIGINAL, opts.accepts ?? []);
  if (lighter) {
    key = lighter.key;
    contentType = lighter.contentType;
    size = null;
    filename = `${filename.replace(/\.[A-Za-z0-9]+$/, '')}.${lighter.contentType.slice('image/'.length)}`;
  }
  if (!(await ctx.storage.exists(key))) {
    ctx.logger.warn({ fileId: file.id, key }, 'stored file missing from storage');
    throw new NotFoundError('File');
  }
  return {
    contentType,
    size,
    filename,
    isPublic: opts.isPublic,
    mayTurnPrivate: opts.mayTurnPrivate ?? false,
    version: key,
    open: () => ctx.storage.stream(key),
  };
}

/** The stored encoding of a rendition the client prefers, if any (one missing from storage is skipped). */
async function lighterEncoding(
  ctx: Ctx,
  file: FileRow,
  rendition: string,
  accepts: readonly string[],
): Promise<{ key: string; contentType: string } | null> {
  const byType = file.formats?.[rendition] ?? {};
  for (const contentType of accepts) {
    const key = Object.prototype.hasOwnProperty.call(byType, contentType) ? byType[contentType] : undefined;
    if (key && (await ctx.storage.exists(key))) return { key, contentType };
  }
  return null;
}

/** GET /files/{id}: served to whoever may see it (file-access.ts), a 404 for everyone else. */
export async function openFileForCaller(
  ctx: Ctx,
  id: number,
  size?: string,
  accepts: readonly string[] = [],
): Promise<FileDownload> {
  const file = await findFileRow(ctx, id);
  if (!file) throw new NotFoundError('File');
  const visibility = await fileVisibility(ctx, file);
  if (!visibility) throw new NotFoundError('File');
  return openFileRow(ctx, file, {
    size,
    isPublic: visibility === 'public' || visibility === 'public-revocable',
    mayTurnPrivate: visibility === 'public-revocable',
    accepts,
  });
}
