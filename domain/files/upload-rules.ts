/**
 * What each kind of upload may contain and weigh, in one place, so the dedicated routes
 * (CV, photo, logo, banner, recruiter documents) and the generic POST /files/upload agree.
 * Sizes: CV 5 MB and photo 2 MB are published limits; the others are our decisions. Images also
 * have pixel limits (image-limits.ts): a few hundred KB of PNG can hold 48 megapixels.
 */
import type { FilePurpose } from '../../models/stored-file.ts';
import { MIME } from './detect-content-type.ts';
import { COVER_SIZES, LOGO_SIZES } from './image-variants.ts';
import { IMAGE_LIMITS, type ImageLimits } from './image-limits.ts';

export const MB = 1024 * 1024;

export interface UploadRule {
  allowed: string[];
  maxBytes: number;
  variantWidths?: number[];
  /** Pixel limits of the images this purpose accepts (IMAGE_LIMITS when absent). */
  image?: ImageLimits;
}

const IMAGES = [MIME.jpeg, MIME.png, MIME.webp];

export const UPLOAD_RULES = {
  CV: { allowed: [MIME.pdf, MIME.doc, MIME.docx], maxBytes: 5 * MB },
  PHOTO: { allowed: IMAGES, maxBytes: 2 * MB, image: IMAGE_LIMITS },
  LOGO: { allowed: IMAGES, maxBytes: 5 * MB, variantWidths: LOGO_SIZES, image: IMAGE_LIMITS },
  BANNER: { allowed: IMAGES, maxBytes: 5 * MB, image: IMAGE_LIMITS },
  DOCUMENT: { allowed: [MIME.pdf], maxBytes: 10 * MB },
  BLOG_COVER: { allowed: IMAGES, maxBytes: 5 * MB, variantWidths: COVER_SIZES, image: IMAGE_LIMITS },
  OTHER: { allowed: [MIME.pdf, MIME.doc, MIME.docx, ...IMAGES], maxBytes: 10 * MB, image: IMAGE_LIMITS },
} satisfies Record<Exclude<FilePurpose, 'IMPORT'>, UploadRule>;

export type UploadPurpose = keyof typeof UPLOAD_RULES;
export const UPLOAD_PURPOSES = Object.keys(UPLOAD_RULES) as UploadPurpose[];

/** The largest limit of all: what the multipart parser of POST /files/upload lets through. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));
