/**
 * Job offers: the recruiter's CRUD and lifecycle (publish within the
 * plan quota, archive), the public lists, weighted full-text search and autocomplete.
 * Static paths (/offres/search, /offres/autocomplete) are declared before /offres/{offreId}.
 */
import Type from 'typebox';
import { defineRoutes, Reply, route } from '../http/route.ts';
import { Empty, Id, PageQuery, pageOf } from '../schemas/common.ts';
import {
  MyOffresQuery,
  Offre,
  OffreCreateBody,
  OffreUpdateBody,
  PublicOffresQuery,
  SearchHit,
  SearchQuery,
  Suggestion,
} from '../schemas/offre.ts';
import { createOffre } from '../../domain/offres/create-offre.ts';
import { updateOffre } from '../../domain/offres/update-offre.ts';
import { deleteOffre } from '../../domain/offres/delete-offre.ts';
import { publishOffre } from '../../domain/offres/publish-offre.ts';
import { archiveOffre } from '../../domain/offres/archive-offre.ts';
import { getOffre, getPublicOffre } from '../../domain/offres/get-offre.ts';
import { listMyOffres } from '../../domain/offres/list-my-offres.ts';
import { listEntreprisePublicOffres, listPublicOffres } from '../../domain/offres/list-public-offres.ts';
import { searchOffres } from '../../domain/offres/search-offres.ts';
import { FIELD_WEIGHTS, PARTIAL_BELOW } from '../../domain/search/relevance.ts';
import { autocompleteOffres, MAX_SUGGESTIONS } from '../../domain/offres/autocomplete-offres.ts';
import { LONG_TEXT_BODY_LIMIT } from '../http/body-limit.ts';
import { quotasSentence } from '../../domain/offre-lifecycle/index.ts';
import type { AppDeps } from '../deps.ts';
import { localDate } from '../../domain/shared/index.ts';

const tag = "Offres d'emploi";
/** Public offer answers may be kept a minute: a new or closed offer shows within one. */
const OFFERS_MAX_AGE = 60;
const offreParams = Type.Object({ offreId: Id });
/**
 * Pages, suggestions and public offer views from the search index are the same for every caller
 * (an offer's own recruiters see more, and are never answered from what was kept): kept while the
 * index's generation (every change it applies, every write of this process) and the day (offers
 * whose deadline passed leave at midnight) hold.
 */
const fromSearchIndex = {
  async version(deps: AppDeps): Promise<string> {
    await deps.search.beforeRead();
    return `${deps.search.generation}#${localDate(deps.clock.now())}`;
  },
};
const recruteurRule =
  'The recruiter must be ACTIVE (403 ACCOUNT_NOT_ACTIVE otherwise) and the offer must belong to its company (404 otherwise).';
const filters =
  'Filters: `contractType`, `villeId`, `regionId`, `secteurId` (company sector), `remotePossible`, `salaireMin` (keeps offers whose salaireMax >= it), `salaireMax` (keeps offers whose salaireMin <= it). Only PUBLISHED offers of active companies whose deadline (inclusive) has not passed.';

export const routes = defineRoutes([
  route({
    method: 'post',
    path: '/offres',
    bodyLimit: LONG_TEXT_BODY_LIMIT,
    tag,
    summary: 'Create a draft offer',
    description: `Creates a DRAFT offer of the recruiter's company. \`competences\` are trimmed and de-duplicated; \`villeId\` fills \`localisation\` when it is not given; \`deadline\` may not be in the past. ${recruteurRule}`,
    access: ['RECRUTEUR'],
    scopes: ['offres:write'],
    body: OffreCreateBody,
    response: Offre,
    message: 'Offre créée',
    handler: ({ ctx, body }) => createOffre(ctx, body),
  }),
  route({
    method: 'get',
    path: '/recruiters/me/offres',
    tag,
    summary: "The offers of the recruiter's company",
    description: `Every offer of the company (shared by its recruiters), any state, newest first. Sort fields: createdAt, updatedAt, publishedAt, deadline, titre, status, totalCandidatures. ${recruteurRule}`,
    access: ['RECRUTEUR'],
    scopes: ['offres:read'],
    sparseFields: true,
    query: MyOffresQuery,
    envelope: false,
    response: pageOf(Offre),
    handler: ({ ctx, query }) => listMyOffres(ctx, query),
  }),
  route({
    method: 'get',
    path: '/offres',
    tag,
    summary: 'Published offers',
    description: `${filters} Newest first; sort fields: publishedAt, createdAt, deadline, salaireMin, salaireMax, titre.`,
    access: 'public',
    publicCache: { maxAge: OFFERS_MAX_AGE },
    sparseFields: true,
    query: PublicOffresQuery,
    envelope: false,
    response: pageOf(Offre),
    keptAnswer: fromSearchIndex,
    handler: ({ ctx, query }) => listPublicOffres(ctx, query),
  }),
  route({
    method: 'get',
    path: '/offres/search',
    tag,
    summary: 'Weighted full-text search of published offers',
    description: [
      'Searches an in-memory index of the public offers that every API process keeps in step with the database (its own writes at once, other instances’ within 2 s). The words of `q` match the title, the skills or the description, the description followed by the offer’s place (`localisation` and its city’s name), contract (CDI, CDD, freelance, stage) and "télétravail" when `remotePossible`: "magasinier CDI", "comptable garoua" and "télétravail" find offers whose text never says so:',
      [
        '- case and accents are ignored ("developpeur" finds "Développeur"); French elisions are stripped ("l\'ingénieur" finds "Ingénieur");',
        '- plural and feminine forms match their base word ("développeuses" finds "Développeur", "commerciaux" finds "Commerciale");',
        '- technical tokens stay whole ("C++" does not find "C#"; ".NET", "Node.js", "RH", "IT" are words);',
        '- synonyms: a word matches any term of its group ("dev" finds "Développeur"; "ressources humaines" finds "Chargé RH"; "DAF" finds "Directeur administratif et financier"; "accountant" finds "Comptable"), groups managed by admins and seeded with French and English job titles;',
        '- typos: 1 edit for words of 5 to 8 letters, 2 from 9 letters, none under 5 letters nor on the first letter ("devloppeur" finds "Développeur");',
        '- stop-words and symbols are ignored; a `q` made only of them gives an empty page, never an error; over 200 characters is a 400.',
      ].join('\n'),
      `Offers matching every word come first. Sorted by relevance, when fewer than ${PARTIAL_BELOW} offers match every word, offers matching fewer words follow, the best first (most words, then most words in the title, then score), up to ${PARTIAL_BELOW} offers in all; each item says how many words it matched (\`matchedWords\` of \`queryWords\`), so a partial match can be shown as such. A word that no offer's text holds, as typed or through a synonym, may name a company: a partial match counts it as matched where its company's name holds it ("clinique douala"), and every offer of a company whose name holds all the words matches them all ("brasseries du cameroun"); a name adds nothing to the score. With another sort every word must match. Sorted otherwise, a search that finds nothing is read as a company’s name last: the offers of every company whose name holds all the words of \`q\` ("Brasseries du Mungo"), in the order asked, with relevanceScore 0 and no matchedWords.`,
      `\`relevanceScore\` (BM25F): the sum over the words of idf (rarer words among the public offers count more) × a saturated sum over the fields where the word matches of field weight (title ${FIELD_WEIGHTS[0]}, skills ${FIELD_WEIGHTS[1]}, description ${FIELD_WEIGHTS[2]}) × match weight (the word in any plural or feminine form 1, synonym 0.8, related synonym 0.5, typo 0.5) ÷ the field's length norm (a short title that is all query beats a long one containing it). Order: words matched, words matched in the title, relevanceScore, then words of \`q\` as typed in the title, then side by side in the title, then newest publishedAt, then highest id; \`page.totalElements\` is exact.`,
      `Default order: relevance desc (publishedAt desc without \`q\`). Sort fields: relevance, publishedAt, createdAt, deadline, salaireMin, salaireMax. ${filters} Offers are shown as to anyone: internals (recruteurEmail, pipeline counters but totalCandidatures) are null.`,
    ].join('\n\n'),
    access: 'public',
    publicCache: { maxAge: OFFERS_MAX_AGE },
    sparseFields: true,
    rateCategory: 'search',
    query: SearchQuery,
    envelope: false,
    response: pageOf(SearchHit),
    keptAnswer: fromSearchIndex,
    handler: ({ ctx, query }) => searchOffres(ctx, query),
  }),
  route({
    method: 'get',
    path: '/offres/autocomplete',
    tag,
    summary: 'Suggestions while typing',
    description: `At most ${MAX_SUGGESTIONS} suggestions whose word starts with the last word of \`q\` (accents and case ignored): titles of published offers (TITRE, up to 5), skills (COMPETENCE, up to 3), company names (ENTREPRISE, up to 2); slots left empty by one type go to the others.`,
    access: 'public',
    publicCache: { maxAge: OFFERS_MAX_AGE },
    rateCategory: 'search',
    query: Type.Object({ q: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
    response: Type.Array(Suggestion, { maxItems: MAX_SUGGESTIONS }),
    keptAnswer: fromSearchIndex,
    handler: ({ ctx, query }) => autocompleteOffres(ctx, query.q),
  }),
  route({
    method: 'get',
    path: '/offres/{offreId}',
    tag,
    summary: 'One offer',
    description:
      'ACTIVE recruiters of the owning company see the offer in any state; everyone else (token optional) sees only a PUBLISHED offer and gets 404 otherwise.',
    access: 'optional',
    scopes: ['offres:read'],
    publicCache: { maxAge: OFFERS_MAX_AGE },
    sparseFields: true,
    params: offreParams,
    response: Offre,
    keptAnswer: fromSearchIndex,
    handler: ({ ctx, params }) => getOffre(ctx, params.offreId),
  }),
  route({
    method: 'put',
    path: '/offres/{offreId}',
    bodyLimit: LONG_TEXT_BODY_LIMIT,
    tag,
    summary: 'Edit an offer',
    description: `Changes the fields present in the body (absent fields are kept; \`null\` clears a nullable field). DRAFT and PUBLISHED offers can be edited; ARCHIVED: 409 INVALID_TRANSITION. ${recruteurRule}`,
    access: ['RECRUTEUR'],
    scopes: ['offres:write'],
    params: offreParams,
    body: OffreUpdateBody,
    response: Offre,
    errors: { 409: 'INVALID_TRANSITION' },
    message: 'Offre mise à jour',
    handler: ({ ctx, params, body }) => updateOffre(ctx, params.offreId, body),
  }),
  route({
    method: 'delete',
    path: '/offres/{offreId}',
    tag,
    summary: 'Delete a draft offer',
    description: `Only a DRAFT can be deleted (409 INVALID_TRANSITION otherwise: archive a published offer). ${recruteurRule}`,
    access: ['RECRUTEUR'],
    scopes: ['offres:write'],
    params: offreParams,
    response: Empty,
    errors: { 409: 'INVALID_TRANSITION' },
    handler: async ({ ctx, params }) => {
      await deleteOffre(ctx, params.offreId);
      return new Reply({}, 'Offre supprimée');
    },
  }),
  route({
    method: 'post',
    path: '/offres/{offreId}/publish',
    tag,
    summary: 'Publish a draft offer',
    description: `DRAFT -> PUBLISHED, sets publishedAt, emits \`offre.published\`. A company may have ${quotasSentence()} PUBLISHED offers at once: beyond, 409 PLAN_QUOTA_EXCEEDED (exact under concurrent publishes). Not a draft: 409 INVALID_TRANSITION; a deadline already past: 400. ${recruteurRule}`,
    access: ['RECRUTEUR'],
    scopes: ['offres:write'],
    params: offreParams,
    response: Offre,
    errors: { 409: 'PLAN_QUOTA_EXCEEDED, INVALID_TRANSITION' },
    message: 'Offre publiée',
    handler: ({ ctx, params }) => publishOffre(ctx, params.offreId),
  }),
  route({
    method: 'post',
    path: '/offres/{offreId}/archive',
    tag,
    summary: 'Archive a published offer',
    description: `PUBLISHED -> ARCHIVED, emits \`offre.closed\`; not published: 409 INVALID_TRANSITION. ${recruteurRule}`,
    access: ['RECRUTEUR'],
    scopes: ['offres:write'],
    params: offreParams,
    response: Offre,
    errors: { 409: 'INVALID_TRANSITION' },
    message: 'Offre archivée',
    handler: ({ ctx, params }) => archiveOffre(ctx, params.offreId),
  }),
  route({
    method: 'get',
    path: '/public/offres/{offreId}',
    tag,
    summary: 'One published offer',
    description: 'A PUBLISHED offer of an active company; 404 otherwise.',
    access: 'public',
    publicCache: { maxAge: OFFERS_MAX_AGE },
    sparseFields: true,
    params: offreParams,
    response: Offre,
    handler: ({ ctx, params }) => getPublicOffre(ctx, params.offreId),
  }),
  route({
    method: 'get',
    path: '/public/entreprises/{id}/offres',
    tag: 'Public Entreprises',
    summary: 'Published offers of a company',
    description:
      'Newest first; 404 when the company does not exist or is disabled. Sort fields: publishedAt, createdAt, deadline, salaireMin, salaireMax, titre.',
    access: 'public',
    publicCache: { maxAge: OFFERS_MAX_AGE },
    sparseFields: true,
    params: Type.Object({ id: Id }),
    query: Type.Object({ ...PageQuery }, { additionalProperties: false }),
    envelope: false,
    response: pageOf(Offre),
    handler: ({ ctx, params, query }) => listEntreprisePublicOffres(ctx, params.id, query),
  }),
]);
