/** Every REST call made with an OAuth token leaves an audit row naming the app (and the account it acted as). */
import type { Knex } from 'knex';
import { AuditLog } from '../../models/audit-log.ts';
import type { OAuthAccess } from './oauth-access.ts';

export async function recordOAuthCall(
  db: Knex,
  at: Date,
  access: OAuthAccess,
  call: { method: string; path: string; status: number; ip: string | null },
): Promise<void> {
  await AuditLog.query(db).insert({
    actorType: 'account',
    actorId: String(access.account.id),
    actorEmail: access.account.email,
    action: 'oauth.api_call',
    targetType: 'oauth_app',
    targetId: String(access.appId),
    ip: call.ip,
    details: {
      appId: access.appId,
      clientId: access.clientId,
      flow: access.flow,
      entrepriseId: access.entrepriseId,
      method: call.method,
      path: call.path,
      status: call.status,
    },
    createdAt: at,
  });
}
