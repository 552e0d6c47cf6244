/**
 * PUT /candidats/me. Fields left out keep their value; null clears an optional one. Referenced
 * rows (experience level, city) must exist: an unknown id is a 400 naming the field, not a
 * foreign-key error. `langue` (the language of the account's emails) is kept on the account;
 * `notifications` turns each kind of application email on or off.
 */
import { inTransaction, type Ctx } from '../context.ts';
import { InputError, NotFoundError } from '../errors.ts';
import { loadCandidatProfile, type CandidatProfile } from './candidat-profile.ts';
import { currentCandidatId } from './current-candidat.ts';
import { phoneField } from '../shared/index.ts';
import { Account } from '../../models/account.ts';
import { Candidat } from '../../models/candidat.ts';
import { ExperienceLevel } from '../../models/experience-level.ts';
import { Ville } from '../../models/ville.ts';
import type { PartialModelObject } from 'objection';
import type { Static } from 'typebox';
import type { CandidatProfileUpdate } from '../shapes/index.ts';

/** The body of PUT /candidats/me: the static type of its one schema. */
export type ProfileInput = Static<typeof CandidatProfileUpdate>;

const PLAIN_FIELDS = [
  'nom',
  'prenom',
  'telephone',
  'jobTitle',
  'experienceLevelId',
  'employmentStatus',
  'availability',
  'qualificationLevel',
  'salaryRange',
  'villeId',
  'country',
  'bio',
  'profilPublic',
] as const;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

export async function updateMyProfile(ctx: Ctx, input: ProfileInput): Promise<CandidatProfile> {
  const id = currentCandidatId(ctx);
  if (
    input.experienceLevelId != null &&
    !(await ExperienceLevel.query(ctx.db).findById(input.experienceLevelId).select('id'))
  ) {
    throw new InputError('Unknown experience level', 'body.experienceLevelId: no such experience level', {
      field: 'body.experienceLevelId',
      code: 'unknownId',
      params: { kind: 'niveau' },
    });
  }
  if (input.villeId != null && !(await Ville.query(ctx.db).findById(input.villeId).select('id'))) {
    throw new InputError('Unknown city', 'body.villeId: no such city', {
      field: 'body.villeId',
      code: 'unknownId',
      params: { kind: 'ville' },
    });
  }
  const changes: PartialModelObject<Candidat> = {};
  for (const field of PLAIN_FIELDS) {
    if (input[field] !== undefined) Object.assign(changes, { [field]: trimmed(input[field]) });
  }
  if (input.telephone !== undefined) changes.telephone = phoneField(input.telephone, 'body.telephone');
  for (const field of ['nom', 'prenom'] as const) {
    if (changes[field] === '')
      throw new InputError(`${field} may not be empty`, `body.${field}: must not be blank`, {
        field: `body.${field}`,
        code: 'blank',
      });
  }
  if (input.competences !== undefined) {
    // Trimmed, blanks dropped, duplicates (ignoring case) kept once, in the order given.
    const seen = new Set<string>();
    const list = input.competences
      .map((c) => c.trim())
      .filter((c) => c && !seen.has(c.toLowerCase()) && seen.add(c.toLowerCase()));
    changes.competences = list;
  }
  const notifications = input.notifications ?? {};
  if (notifications.candidatureRecue !== undefined)
    changes.notifyCandidatureRecue = notifications.candidatureRecue;
  if (notifications.statutCandidature !== undefined)
    changes.notifyStatutCandidature = notifications.statutCandidature;
  changes.updatedAt = ctx.clock.now();
  await inTransaction(ctx, async (t) => {
    await Candidat.query(t.db).findById(id).patch(changes);
    if (input.langue !== undefined) await Account.query(t.db).findById(id).patch({ langue: input.langue });
  });
  const profile = await loadCandidatProfile(ctx.db, id, ctx.config.publicUrl);
  if (!profile) throw new NotFoundError('Candidate profile');
  return profile;
}
