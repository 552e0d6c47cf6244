/**
 * Admin Account (GET /admin/account/profile) and, for SUPER_ADMIN only, the administrators
 * and the audit log.
 */
import Type from 'typebox';
import { defineRoutes, Reply, route } from '../http/route.ts';
import { Empty, Id, Nullable, PageQuery, pageOf } from '../schemas/common.ts';
import { AdminProfile, AuditLog } from '../schemas/admin.ts';
import { Langue } from '../schemas/auth.ts';
import { adminAccountId } from '../../domain/admins/admin-actor.ts';
import { getAdminProfile } from '../../domain/admins/get-admin-profile.ts';
import { updateAdminProfile } from '../../domain/admins/update-admin-profile.ts';
import { changeAdminPassword } from '../../domain/admins/change-admin-password.ts';
import { getAdminNotifications, updateAdminNotifications } from '../../domain/admins/admin-notifications.ts';
import { createAdmin } from '../../domain/admins/create-admin.ts';
import { listAdmins } from '../../domain/admins/list-admins.ts';
import { disableAdmin } from '../../domain/admins/disable-admin.ts';
import { enableAdmin } from '../../domain/admins/enable-admin.ts';
import { listAuditLogs } from '../../domain/audit/list-audit-logs.ts';

const ADMINS = ['ADMIN', 'SUPER_ADMIN'] as const;
const SUPER = ['SUPER_ADMIN'] as const;
const AdminNotifications = Type.Object({
  moderationDigest: Type.Boolean({
    description:
      'the daily email of what waits for a decision (recruiters to approve, held or reported offers, apps to review), on the days something does; on by default',
  }),
});

const Password = Type.String({ minLength: 8, maxLength: 200, description: 'at least 8 characters' });

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/admin/account/profile',
    tag: 'Admin Account',
    summary: 'The signed-in administrator (administrator profile)',
    access: ADMINS,
    response: AdminProfile,
    handler: ({ ctx }) => getAdminProfile(ctx, { adminId: adminAccountId(ctx) }),
  }),
  route({
    method: 'put',
    path: '/admin/account/profile',
    tag: 'Admin Account',
    summary: 'Update nom, prenom, telephone, langue',
    description:
      'Only the fields sent change; the email is not editable here. `langue` (fr or en) is the language of the emails sent to this account. Audited.',
    access: ADMINS,
    body: Type.Object(
      {
        nom: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        prenom: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        telephone: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
        langue: Type.Optional(Langue),
      },
      { minProperties: 1 },
    ),
    response: AdminProfile,
    handler: async ({ ctx, body }) =>
      new Reply(
        await updateAdminProfile(ctx, {
          adminId: adminAccountId(ctx),
          ...body,
        }),
        'Profile updated',
      ),
  }),
  route({
    method: 'get',
    path: '/admin/account/notifications',
    tag: 'Admin Account',
    summary: 'The emails this administrator takes beyond its account’s own',
    access: ADMINS,
    response: AdminNotifications,
    handler: ({ ctx }) => getAdminNotifications(ctx, { adminId: adminAccountId(ctx) }),
  }),
  route({
    method: 'put',
    path: '/admin/account/notifications',
    tag: 'Admin Account',
    summary: 'Turn the moderation digest on or off',
    description:
      '`moderationDigest: false` stops the daily email of what waits for moderation (job `admins:moderation-digest`) for this administrator. Audited.',
    access: ADMINS,
    body: Type.Object({ moderationDigest: Type.Boolean() }, { additionalProperties: false }),
    response: AdminNotifications,
    handler: async ({ ctx, body }) =>
      new Reply(
        await updateAdminNotifications(ctx, { adminId: adminAccountId(ctx), ...body }),
        'Notifications updated',
      ),
  }),
  route({
    method: 'post',
    path: '/admin/account/change-password',
    tag: 'Admin Account',
    summary: 'Change the password',
    description:
      'A wrong `currentPassword` is 401 INVALID_CREDENTIALS. On success every token of the account is revoked, the one used for this call included: sign in again with the new password. Audited.',
    access: ADMINS,
    body: Type.Object({
      currentPassword: Type.String({ minLength: 1, maxLength: 200 }),
      newPassword: Password,
    }),
    response: Empty,
    errors: { 401: 'INVALID_CREDENTIALS' },
    handler: async ({ ctx, body }) => {
      await changeAdminPassword(ctx, {
        adminId: adminAccountId(ctx),
        ...body,
      });
      return new Reply({}, 'Password changed; sign in again');
    },
  }),
  route({
    method: 'post',
    path: '/admin/admins',
    tag: 'Admin Account',
    summary: 'Create an administrator (SUPER_ADMIN)',
    description:
      'Creates an ADMIN account, email already verified, enabled. `niveauAcces` defaults to STANDARD; `langue` (the language of its emails) defaults to fr. 409 EMAIL_ALREADY_USED when any account has that email. Audited.',
    access: SUPER,
    body: Type.Object({
      email: Type.String({ minLength: 3, maxLength: 254 }),
      password: Password,
      nom: Type.String({ minLength: 1, maxLength: 100 }),
      prenom: Type.String({ minLength: 1, maxLength: 100 }),
      telephone: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
      niveauAcces: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 50 }))),
      langue: Type.Optional(Langue),
    }),
    response: AdminProfile,
    errors: { 409: 'EMAIL_ALREADY_USED' },
    handler: async ({ ctx, body }) => {
      const { email, password, nom, prenom, telephone, niveauAcces, langue } = body;
      return new Reply(
        await createAdmin(ctx, { email, password, nom, prenom, telephone, niveauAcces, langue }),
        'Administrator created',
      );
    },
  }),
  route({
    method: 'get',
    path: '/admin/admins',
    tag: 'Admin Account',
    summary: 'Administrators (SUPER_ADMIN)',
    description: '`q` matches email, nom, prenom. Sort fields: createdAt (default desc), nom, email, id.',
    access: SUPER,
    envelope: false,
    query: Type.Object({
      ...PageQuery,
      q: Type.Optional(Type.String({ maxLength: 200 })),
      enabled: Type.Optional(Type.Boolean()),
    }),
    response: pageOf(AdminProfile),
    handler: ({ ctx, query }) => listAdmins(ctx, query),
  }),
  route({
    method: 'post',
    path: '/admin/admins/{id}/disable',
    tag: 'Admin Account',
    summary: 'Disable an administrator (SUPER_ADMIN)',
    description:
      'The account can no longer sign in and its tokens are revoked at once. Disabling oneself is 409 CANNOT_DISABLE_SELF. Audited.',
    access: SUPER,
    params: Type.Object({ id: Id }),
    response: AdminProfile,
    errors: { 409: 'CANNOT_DISABLE_SELF' },
    handler: async ({ ctx, params }) =>
      new Reply(await disableAdmin(ctx, { adminId: params.id }), 'Administrator disabled'),
  }),
  route({
    method: 'post',
    path: '/admin/admins/{id}/enable',
    tag: 'Admin Account',
    summary: 'Enable an administrator (SUPER_ADMIN)',
    description: 'Audited.',
    access: SUPER,
    params: Type.Object({ id: Id }),
    response: AdminProfile,
    handler: async ({ ctx, params }) =>
      new Reply(await enableAdmin(ctx, { adminId: params.id }), 'Administrator enabled'),
  }),
  route({
    method: 'get',
    path: '/admin/audit-logs',
    tag: 'Admin Account',
    summary: 'Audit log of admin actions (SUPER_ADMIN)',
    description:
      'Every admin action, from the API or the operator CLI (`actorType: system`, `actorId: cli:<os user>`, `ip: cli`). Filters: `action`, `targetType`, `targetId`, `actorId`. Sort fields: createdAt (default desc), action, id.',
    access: SUPER,
    envelope: false,
    query: Type.Object({
      ...PageQuery,
      action: Type.Optional(Type.String({ maxLength: 80 })),
      targetType: Type.Optional(Type.String({ maxLength: 60 })),
      targetId: Type.Optional(Type.String({ maxLength: 60 })),
      actorId: Type.Optional(Type.String({ maxLength: 100 })),
    }),
    response: pageOf(AuditLog),
    handler: ({ ctx, query }) => listAuditLogs(ctx, query),
  }),
]);
