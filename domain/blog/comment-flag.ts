/**
 * When readers' reports hide a comment: as soon as it has more than FLAG_THRESHOLD reports, once
 * (a comment already hidden is not flagged again, so `blog.comment.flagged` is emitted once until
 * an administrator approves it).
 */

/** Hidden when reports exceed this number (reported more than 3 times). */
export const FLAG_THRESHOLD = 3;

/** Does this report, bringing the comment to `reportCount` reports, hide it and flag it to the administrators? */
export function reportFlagsComment(reportCount: number, hidden: boolean): boolean {
  return !hidden && reportCount > FLAG_THRESHOLD;
}
