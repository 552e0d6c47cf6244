/**
 * Recruiter administration: the pending list,
 * the status history, and the four decisions. Each decision is one domain function (also used by
 * the CLI) that writes the status, its history entry and the audit row in one transaction.
 */
import Type from 'typebox';
import { defineRoutes, Reply, route, type RouteDef } from '../http/route.ts';
import { idParams } from '../schemas/common.ts';
import { OptionalReasonBody, PendingRecruteur, ReasonBody, StatusHistoryEntry } from '../schemas/auth.ts';
import { listPendingRecruteurs } from '../../domain/recruteurs/list-pending-recruteurs.ts';
import { listRecruteurStatusHistory } from '../../domain/recruteurs/list-status-history.ts';
import { approveRecruteur } from '../../domain/recruteurs/approve-recruteur.ts';
import { rejectRecruteur } from '../../domain/recruteurs/reject-recruteur.ts';
import { suspendRecruteur } from '../../domain/recruteurs/suspend-recruteur.ts';
import { reactivateRecruteur } from '../../domain/recruteurs/reactivate-recruteur.ts';
import type { RecruteurAdminItem } from '../../domain/recruteurs/recruteur-admin-view.ts';
import type { Ctx } from '../../domain/context.ts';

const tag = 'Recruiter Admin';
const admins = ['ADMIN', 'SUPER_ADMIN'] as const;
const params = idParams('recruiterId');

/** One administrator decision: POST /admin/recruiters/{recruiterId}/<action>, answering the new item. */
function decisionRoute(d: {
  action: string;
  summary: string;
  description: string;
  body: typeof ReasonBody | typeof OptionalReasonBody;
  message: string;
  decide: (ctx: Ctx, recruteurId: number, reason: string | null) => Promise<RecruteurAdminItem>;
}): RouteDef {
  return route({
    method: 'post',
    path: `/admin/recruiters/{recruiterId}/${d.action}`,
    tag,
    summary: d.summary,
    description: d.description,
    access: admins,
    params,
    body: d.body,
    response: PendingRecruteur,
    errors: { 409: 'INVALID_TRANSITION' },
    handler: async ({ ctx, params: p, body }) =>
      new Reply(await d.decide(ctx, p.recruiterId, body.reason ?? null), d.message),
  });
}

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/admin/recruiters/pending',
    tag,
    summary: 'Recruiters awaiting approval',
    description: 'Recruiters in PENDING_APPROVAL (documents uploaded), oldest first, each with its company.',
    access: admins,
    response: Type.Array(PendingRecruteur),
    handler: ({ ctx }) => listPendingRecruteurs(ctx),
  }),
  route({
    method: 'get',
    path: '/admin/recruiters/{recruiterId}/status-history',
    tag,
    summary: 'Status history of a recruiter',
    description: 'Oldest first; the first entry (oldStatus null) is the registration.',
    access: admins,
    params,
    response: Type.Array(StatusHistoryEntry),
    handler: ({ ctx, params: p }) => listRecruteurStatusHistory(ctx, p.recruiterId),
  }),
  decisionRoute({
    action: 'approve',
    summary: 'Approve a recruiter',
    description: 'PENDING_APPROVAL -> ACTIVE; emits `recruiter.approved` and emails the recruiter.',
    body: OptionalReasonBody,
    message: 'Recruteur validé',
    decide: approveRecruteur,
  }),
  decisionRoute({
    action: 'reject',
    summary: 'Reject a recruiter',
    description: 'PENDING_DOCS or PENDING_APPROVAL -> REJECTED; `reason` required; emails the recruiter.',
    body: ReasonBody,
    message: 'Recruteur refusé',
    decide: (ctx, id, reason) => rejectRecruteur(ctx, id, reason ?? ''),
  }),
  decisionRoute({
    action: 'suspend',
    summary: 'Suspend a recruiter',
    description:
      'ACTIVE -> SUSPENDED; `reason` required; every token of the recruiter is revoked; emits `recruiter.suspended` and emails the recruiter.',
    body: ReasonBody,
    message: 'Recruteur suspendu',
    decide: (ctx, id, reason) => suspendRecruteur(ctx, id, reason ?? ''),
  }),
  decisionRoute({
    action: 'reactivate',
    summary: 'Reactivate a recruiter',
    description: 'SUSPENDED or REJECTED -> ACTIVE; emails the recruiter.',
    body: OptionalReasonBody,
    message: 'Recruteur réactivé',
    decide: reactivateRecruteur,
  }),
]);
