/**
 * Account records: creating an account (an email is unique across accounts), email addresses as people
 * type them, and the language and the name an account is written to in. The public face of the area:
 * other areas import only this file.
 */
export { accountLangue, languesOfAddresses, toLangue } from './account-langue.ts';
export { createAccount } from './create-account.ts';
export { displayNameOf } from './display-name.ts';
export { normalizeEmail, requireEmail } from './email-address.ts';
