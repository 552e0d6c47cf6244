/** Candidate profile (private and public views) and the account deletion body. */
import Type from 'typebox';
import { Nullable } from './common.ts';

export {
  CandidatProfile,
  CandidatProfileUpdate,
  PublicCandidatProfile,
} from '../../domain/shapes/candidat.ts';

export const DeleteAccountBody = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 200 }),
  reason: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
});

const Rows = (description: string) => Type.Array(Type.Record(Type.String(), Type.Unknown()), { description });

export const CandidatExport = Type.Object({
  exportedAt: Type.String({ format: 'date-time' }),
  account: Type.Record(Type.String(), Type.Unknown(), {
    description: 'id, email, role, langue, enabled, emailVerifiedAt, lastLoginAt, createdAt, updatedAt',
  }),
  profile: Type.Record(Type.String(), Type.Unknown(), {
    description: 'every column of the candidate profile',
  }),
  files: Rows('id, purpose, originalName, contentType, size, createdAt, url (download link)'),
  applications: Rows(
    'id, offreId, offreTitre, entreprise, status, lettreMotivation, dates, statusHistory [{oldStatus, newStatus, reason, changedAt}]',
  ),
  alerts: Rows('job alerts of the account or made with its email'),
  savedJobs: Rows('offreId, offreTitre, createdAt'),
  smsPhones: Rows(
    'the mobile number confirmed for SMS: phone, confirmedAt, enabled, statusNotices, stoppedAt',
  ),
  smsMessages: Rows(
    'SMS sent or queued to the account: kind, toNumber, body, status, createdAt, sentAt, dlrStatus',
  ),
  poolMemberships: Rows('talent-pool entries linked to the account (after its consent)'),
  poolInvitations: Rows(
    'pool invitations sent to the account email: entreprise, status, createdAt, respondedAt',
  ),
  loginHistory: Type.Array(
    Type.Object({
      sessionStartedAt: Type.String({ format: 'date-time' }),
      lastTokenAt: Type.String({ format: 'date-time' }),
    }),
    { description: 'one entry per login session started in the last 90 days' },
  ),
});
