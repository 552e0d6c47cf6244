/**
 * Every weight of the recommendation score, by name, in one table: the API shows it
 * (GET /recommandations/poids) and each result lists the parts it got. Tuning is editing these
 * numbers and running `node --import tsx bench/recommendations.ts` (nDCG@10 against the title
 * search baseline); the match parts add up to 1, feedback adds or removes a little on top.
 * Title and skills carry most of the weight: place, level and pay order offers of the same trade
 * and the hard filters (radius, contract, salary) exclude, so they must not lift another trade
 * above it (at 0.15 for place, the bench ranked far-away offers of the trade below near ones of others).
 */

export const PART_WEIGHTS = {
  /** Share of the candidate's job-title concepts (idf-weighted) found in the offer's title. */
  title: 0.35,
  /** Share of the offer's skills the candidate has, each skill weighted by the idf of its rarest word. */
  skills: 0.38,
  /** Same city 1, else falling with distance (0 at 200 km), at least 0.5 in the same region; a remote offer for a remote-minded candidate 1. */
  location: 0.1,
  /** The candidate's experience level against the years the offer asks. */
  level: 0.05,
  /** The offer's top salary against the candidate's expectation. */
  salary: 0.04,
  /** The offer's contract among the candidate's contract types. */
  contract: 0.03,
  /** A remote-possible offer for a candidate who wishes remote work. */
  remote: 0.03,
  /** Same language: the offer's and the candidate account's. */
  language: 0.02,
} as const;

export type PartName = keyof typeof PART_WEIGHTS;
export const PART_NAMES = Object.keys(PART_WEIGHTS) as PartName[];

/** A part with nothing to compare (no salary given, no level...) gets this share of its weight. */
export const NEUTRAL = 0.5;

/** Distance at which the location part reaches 0 (outside the region). */
export const LOCATION_ZERO_KM = 200;

/** matched.title is true from this share of the candidate's title concepts found. */
export const TITLE_MATCH_SHARE = 0.5;

/**
 * Feedback: signals the candidate or the company gave. Each adds weight × value (value in 0..1) to
 * the score; the result lists every one that applied.
 */
export const FEEDBACK_WEIGHTS = {
  /** Offers for a candidate: share of the offer's title concepts found in titles of offers the candidate saved. */
  saved_similar: 0.05,
  /** Offers for a candidate: the same with offers the candidate applied to. */
  applied_similar: 0.05,
  /** Offers for a candidate: the same with offers dismissed as the wrong job or skills (negative). */
  dismissed_similar: -0.1,
  /** Both directions: the candidate dismissed an offer of this company for the company (negative). */
  dismissed_company: -0.15,
  /** Offers for a candidate: an offer of a contract type the candidate dismissed for its contract (negative). */
  dismissed_contract: -0.05,
  /** Candidates for an offer: this company moved an application of the candidate forward (in progress, to meet, met, hired). */
  pipeline_forward: 0.05,
  /** Candidates for an offer: this company rejected an application of the candidate (negative). */
  pipeline_rejected: -0.05,
} as const;

export type FeedbackName = keyof typeof FEEDBACK_WEIGHTS;

export const FEEDBACK_DESCRIPTIONS: Record<FeedbackName, string> = {
  saved_similar: "share of the offer's title concepts found in titles of offers the candidate saved",
  applied_similar: "share of the offer's title concepts found in titles of offers the candidate applied to",
  dismissed_similar:
    "share of the offer's title concepts found in titles of offers the candidate dismissed as the wrong job or skills",
  dismissed_company: 'the candidate dismissed an offer of this company because of the company',
  dismissed_contract: 'the candidate dismissed an offer of this contract type because of the contract',
  pipeline_forward: 'this company moved an application of the candidate forward',
  pipeline_rejected: 'this company rejected an application of the candidate',
};

export const PART_DESCRIPTIONS: Record<PartName, string> = {
  title: "share of the candidate's job-title concepts (idf-weighted) found in the offer's title",
  skills: "share of the offer's skills the candidate has, each weighted by the idf of its rarest word",
  location: `same city 1, else 1 - distance/${LOCATION_ZERO_KM} km (at least ${NEUTRAL} in the same region); remote offer for a remote-minded candidate 1`,
  level: "the candidate's experience level against the years the offer asks",
  salary: "the offer's top salary against the candidate's expected minimum",
  contract: "the offer's contract is one of the candidate's contract types",
  remote: 'a remote-possible offer for a candidate who wishes remote work',
  language: "the offer is written in the language of the candidate's account",
};
