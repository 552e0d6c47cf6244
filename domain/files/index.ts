/**
 * Stored files: uploads and their rules, image variants, who may read a file, URLs, removal, and which
 * files an application still holds. The public face of the area: other areas import only this file.
 */
export { filesNoApplicationHolds } from './application-cv.ts';
export { MIME } from './detect-content-type.ts';
export { fileUrl, imageRef, ImageRef } from './file-urls.ts';
export { COVER_SIZES } from './image-variants.ts';
export { type FileDownload, findFileRow, openFileRow } from './open-file.ts';
export { deleteFileRows, removeStoredObjects, storageKeysOf } from './remove-files.ts';
export { storeAndAttach } from './store-and-attach.ts';
export { type IncomingFile, storeUpload } from './store-upload.ts';
export { UPLOAD_RULES } from './upload-rules.ts';
