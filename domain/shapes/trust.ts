/**
 * Trust shapes: a company's verification (on every public view of a company, an offer, a search
 * result), an offer's moderation state (its company's and admins' view only), reports, scam rules and
 * the administrators' queue.
 */
import Type from 'typebox';
import { DateTime, Nullable, StringEnum } from './common.ts';

export const VERIFICATION_STATUSES = ['VERIFIED', 'UNVERIFIED', 'WITHDRAWN'] as const;
export const VERIFICATION_METHODS = ['DOCUMENTS_CHECKED', 'DOMAIN_EMAIL'] as const;

export const Verification = Type.Object(
  {
    status: StringEnum([...VERIFICATION_STATUSES], {
      description:
        'VERIFIED: at least one method below holds; WITHDRAWN: an administrator withdrew it; UNVERIFIED: none yet',
    }),
    methods: Type.Array(StringEnum([...VERIFICATION_METHODS]), {
      description:
        'DOCUMENTS_CHECKED: an administrator approved a recruiter of the company after reading its documents; DOMAIN_EMAIL: a recruiter confirmed an address on the domain of the company’s web site',
    }),
  },
  { description: 'how the platform established who this employer is' },
);

export const MODERATION_STATUSES = ['HELD', 'HIDDEN', 'REJECTED'] as const;

export const OffreModerationShape = Type.Object(
  {
    status: StringEnum([...MODERATION_STATUSES], {
      description:
        'HELD: the scam rules matched it, it waits for an administrator; HIDDEN: reported by candidates, hidden until an administrator decides; REJECTED: refused by an administrator',
    }),
    reasons: Type.Array(Type.String(), {
      description:
        'FEE_REQUEST, PAYMENT_AMOUNT, MOBILE_MONEY, WHATSAPP_ONLY, RESUBMITTED, REPORTED, or an administrator’s own code',
    }),
    note: Nullable(Type.String({ description: 'the administrator’s reason, once decided' })),
    since: DateTime,
  },
  { description: 'present only for the offer’s company and admins, while the offer is under moderation' },
);
