/**
 * What a file really is, from its bytes (file-type), never from its name or declared type.
 * Office formats: DOCX is a ZIP with word/ entries; legacy DOC is an OLE2 compound file.
 */
import { fileTypeFromFile } from 'file-type';

export const MIME = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  csv: 'text/csv',
} as const;

export async function detectContentType(path: string): Promise<string | null> {
  const detected = await fileTypeFromFile(path);
  if (!detected) return null;
  if (detected.mime === 'application/x-cfb') return MIME.doc;
  return detected.mime;
}
