/**
 * When candidates' reports hide an offer: once its open (unresolved) reports reach the configured
 * threshold (TRUST_REPORTS_TO_HIDE). The moderation row then says REPORTED, then each reason
 * reported, once, in the order first reported.
 */
export function reportsHideOffre(openReasons: readonly string[], threshold: number): string[] | null {
  if (openReasons.length < threshold) return null;
  return ['REPORTED', ...new Set(openReasons)];
}
