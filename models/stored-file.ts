import { Model } from 'objection';

export type FilePurpose = 'CV' | 'PHOTO' | 'LOGO' | 'BANNER' | 'DOCUMENT' | 'BLOG_COVER' | 'IMPORT' | 'OTHER';

export class StoredFile extends Model {
  static override tableName = 'files';
  static override jsonAttributes = ['variants', 'formats'];
  id!: number;
  ownerAccountId!: number | null;
  purpose!: FilePurpose;
  storageKey!: string;
  originalName!: string | null;
  contentType!: string;
  size!: number;
  /** Resized images: width -> storage key. */
  variants!: Record<string, string> | null;
  /** Lighter encodings: "original" or a width -> content type -> storage key. */
  formats!: Record<string, Record<string, string>> | null;
  createdAt!: Date;
}
