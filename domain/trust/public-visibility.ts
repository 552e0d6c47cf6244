/**
 * The offers under moderation that the public never sees, as a condition on offers aliased `o`, for
 * `whereRaw` in knex and Objection queries alike (public lists, pages, reports, the search index).
 */
export const NOT_UNDER_MODERATION_SQL =
  'NOT EXISTS (SELECT 1 FROM offre_moderations om WHERE om.offre_id = o.id AND om.blocked = 1)';
