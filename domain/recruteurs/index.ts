/**
 * Recruiters: registration, email validation, documents, status history, and the administrators'
 * decisions (approve, reject, suspend, reactivate). The public face of the area: other areas import
 * only this file.
 */
export { validateEmail } from './validate-email.ts';
