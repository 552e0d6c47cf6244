/**
 * Recruiter administration (spec: Recruiter Admin; api-contract.md section 2): the pending list,
 * the status history, and the four decisions. Each decision is one domain function (also used by
 * the CLI) that writes the status, its history entry and the audit row in one transaction.
 */
import Type from 'typebox';
import { defineRoutes, Reply } from '../http/route.ts';
import { idParams } from '../schemas/common.ts';
import { OptionalReasonBody, PendingRecruiter, ReasonBody, StatusHistoryEntry } from '../schemas/auth.ts';
import { listPendingRecruiters } from '../../domain/recruiters/list-pending-recruiters.ts';
import { listRecruiterStatusHistory } from '../../domain/recruiters/list-status-history.ts';
import { approveRecruiter } from '../../domain/recruiters/approve-recruiter.ts';
import { rejectRecruiter } from '../../domain/recruiters/reject-recruiter.ts';
import { suspendRecruiter } from '../../domain/recruiters/suspend-recruiter.ts';
import { reactivateRecruiter } from '../../domain/recruiters/reactivate-recruiter.ts';

const tag = 'Recruiter Admin';
const admins = ['ADMIN', 'SUPER_ADMIN'] as const;
const params = idParams('recruiterId');
const idOf = (p: Record<string, unknown>) => p.recruiterId as number;
const reasonOf = (b: unknown) => (b as { reason?: string | null }).reason ?? null;

export const routes = defineRoutes([
  {
    method: 'get',
    path: '/admin/recruiters/pending',
    tag,
    summary: 'Recruiters awaiting approval',
    description: 'Recruiters in PENDING_APPROVAL (documents uploaded), oldest first, each with its company.',
    access: admins,
    response: Type.Array(PendingRecruiter),
    handler: ({ ctx }) => listPendingRecruiters(ctx),
  },
  {
    method: 'get',
    path: '/admin/recruiters/{recruiterId}/status-history',
    tag,
    summary: 'Status history of a recruiter',
    description: 'Oldest first; the first entry (oldStatus null) is the registration.',
    access: admins,
    params,
    response: Type.Array(StatusHistoryEntry),
    handler: ({ ctx, params: p }) => listRecruiterStatusHistory(ctx, idOf(p)),
  },
  {
    method: 'post',
    path: '/admin/recruiters/{recruiterId}/approve',
    tag,
    summary: 'Approve a recruiter',
    description: 'PENDING_APPROVAL -> ACTIVE; emits `recruiter.approved` and emails the recruiter.',
    access: admins,
    params,
    body: OptionalReasonBody,
    response: PendingRecruiter,
    errors: { 409: 'INVALID_TRANSITION' },
    handler: async ({ ctx, params: p, body }) =>
      new Reply(await approveRecruiter(ctx, idOf(p), reasonOf(body)), 'Recruteur validé'),
  },
  {
    method: 'post',
    path: '/admin/recruiters/{recruiterId}/reject',
    tag,
    summary: 'Reject a recruiter',
    description: 'PENDING_DOCS or PENDING_APPROVAL -> REJECTED; `reason` required; emails the recruiter.',
    access: admins,
    params,
    body: ReasonBody,
    response: PendingRecruiter,
    errors: { 409: 'INVALID_TRANSITION' },
    handler: async ({ ctx, params: p, body }) =>
      new Reply(await rejectRecruiter(ctx, idOf(p), reasonOf(body) ?? ''), 'Recruteur refusé'),
  },
  {
    method: 'post',
    path: '/admin/recruiters/{recruiterId}/suspend',
    tag,
    summary: 'Suspend a recruiter',
    description:
      'ACTIVE -> SUSPENDED; `reason` required; every token of the recruiter is revoked; emits `recruiter.suspended` and emails the recruiter.',
    access: admins,
    params,
    body: ReasonBody,
    response: PendingRecruiter,
    errors: { 409: 'INVALID_TRANSITION' },
    handler: async ({ ctx, params: p, body }) =>
      new Reply(await suspendRecruiter(ctx, idOf(p), reasonOf(body) ?? ''), 'Recruteur suspendu'),
  },
  {
    method: 'post',
    path: '/admin/recruiters/{recruiterId}/reactivate',
    tag,
    summary: 'Reactivate a recruiter',
    description: 'SUSPENDED or REJECTED -> ACTIVE; emails the recruiter.',
    access: admins,
    params,
    body: OptionalReasonBody,
    response: PendingRecruiter,
    errors: { 409: 'INVALID_TRANSITION' },
    handler: async ({ ctx, params: p, body }) =>
      new Reply(await reactivateRecruiter(ctx, idOf(p), reasonOf(body)), 'Recruteur réactivé'),
  },
]);
