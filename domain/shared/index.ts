/**
 * Small tools of every area: pagination, list input, LIKE patterns, local dates, phone numbers, text,
 * database numbers, retried transactions. The public face of the area: other areas import only this
 * file.
 */
export { numberOrNull } from './db-numbers.ts';
export { containsPattern } from './like-pattern.ts';
export type { ListInput } from './list-input.ts';
export { CAMEROON_TIME_ZONE, localDate } from './local-date.ts';
export { mapLimited } from './map-limited.ts';
export { entreprisePageUrl, offrePageUrl, pageSlug } from './page-addresses.ts';
export {
  emptyPage,
  MAX_PAGE_SIZE,
  type Page,
  pageOf,
  pageRequest,
  type PageRequest,
  paginate,
  type SortableFields,
} from './pagination.ts';
export { phoneField, toE164 } from './phone-number.ts';
export { editDistance, foldAccents, normalizeText, slugify } from './text.ts';
export { inRetriedTransaction } from './transaction-retry.ts';
