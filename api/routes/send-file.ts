/**
 * Writes a file download (domain FileDownload) as the answer: the content type stored at upload
 * (detected from the bytes), `nosniff` so a browser never second-guesses it, a restrictive CSP so
 * a stored file can never run script in our origin, and Content-Disposition: images inline, every
 * other type as an attachment. Who may keep it is cache-policy.ts's fileCacheControl.
 * Stored bytes never change under their storage key, so the key tags the answer (ETag) and a
 * client holding it gets a 304 without the bytes being read.
 */
import { createHash } from 'node:crypto';
import type Koa from 'koa';
import { clientHasCurrent } from '../http/cacheable-answer.ts';
import { fileCacheControl } from '../http/cache-policy.ts';
import type { FileDownload } from '../../domain/files/open-file.ts';
import { Raw } from '../http/route.ts';

/** The plain-ASCII fallback name for old clients: accents folded, anything else unusual becomes '_'. */
const asciiName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .slice(0, 150) || 'file';

export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  return `${type}; filename="${asciiName(filename)}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function sendFile(
  koa: Koa.Context,
  file: FileDownload,
  opts: { disposition?: 'inline' | 'attachment' } = {},
): Raw {
  const disposition = opts.disposition ?? (file.contentType.startsWith('image/') ? 'inline' : 'attachment');
  const tag = `"${createHash('sha1').update(file.version).digest('base64url')}"`;
  koa.set('ETag', tag);
  koa.set('Cache-Control', fileCacheControl(file));
  // The encoding of an image follows the client's Accept (AVIF, WebP or the stored one).
  if (file.contentType.startsWith('image/')) koa.vary('Accept');
  if (clientHasCurrent(koa, tag)) {
    koa.status = 304;
    koa.body = null;
    return Raw.instance;
  }
  koa.status = 200;
  koa.set('Content-Type', file.contentType);
  koa.set('X-Content-Type-Options', 'nosniff');
  koa.set('Content-Security-Policy', "default-src 'none'; sandbox");
  koa.set('Content-Disposition', contentDisposition(disposition, file.filename));
  koa.body = file.open();
  // Setting a stream body makes Koa guess the type: the stored one wins.
  koa.type = file.contentType;
  if (file.size !== null) koa.length = file.size;
  return Raw.instance;
}
