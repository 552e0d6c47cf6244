/** Schemas of talent pools (viviers), their members, CSV imports and invitations. */
import Type from 'typebox';
import { Id, Nullable, PageQuery, StringEnum } from './common.ts';

export { PoolInvitation, Vivier, VivierCandidat, VivierImport } from '../../domain/shapes/vivier.ts';

export const VivierBody = Type.Object({
  nom: Type.String({ minLength: 1, maxLength: 150, pattern: '\\S' }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
});

export const VivierCandidatBody = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  nom: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  prenom: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  telephone: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
  tags: Type.Optional(Nullable(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 20 }))),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
});

export const VivierCandidatsQuery = Type.Object({
  ...PageQuery,
  q: Type.Optional(Type.String({ maxLength: 200, description: 'part of the name, first name or email' })),
  tag: Type.Optional(Type.String({ maxLength: 50, description: 'members having this tag (case ignored)' })),
});

export const InviteBody = Type.Object({
  candidatVivierIds: Type.Optional(
    Type.Array(Id, { minItems: 1, maxItems: 10000, description: 'omit to invite every member of the pool' }),
  ),
  offreId: Type.Optional(Nullable(Id)),
  message: Type.String({ minLength: 1, maxLength: 5000 }),
});

export const Invited = Type.Object({
  invited: Type.Integer({ description: 'emails queued' }),
  skipped: Type.Integer({
    description: 'how many chosen members were not emailed; each is listed in `skippedMembers`',
  }),
  skippedMembers: Type.Array(
    Type.Object({
      candidatVivierId: Id,
      reason: StringEnum(['ALREADY_INVITED_RECENTLY', 'POOL_INVITATION_BLOCKED'], {
        description:
          'ALREADY_INVITED_RECENTLY: a PENDING invitation of this company went to this address less than 7 days ago; ' +
          'POOL_INVITATION_BLOCKED: the person opted out of pool invitations, or declined this company’s in the last 180 days',
      }),
      message: Type.String({ description: 'the reason in words, in the recruiter’s language' }),
    }),
  ),
});
