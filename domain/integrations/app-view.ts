/** What the API shows of an app: never its secret (only at creation and rotation). */
import type { OAuthApp } from '../../models/oauth-app.ts';

export interface AppView {
  id: number;
  entrepriseId: number;
  clientId: string;
  clientType: 'confidential' | 'public';
  name: string;
  redirectUris: string[];
  logoUrl: string | null;
  website: string | null;
  scopes: string[];
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'SUSPENDED';
  statusReason: string | null;
  reviewedAt: string | null;
  createdAt: string;
}

export function appView(app: OAuthApp): AppView {
  return {
    id: app.id,
    entrepriseId: app.entrepriseId,
    clientId: app.clientId,
    clientType: app.clientType,
    name: app.name,
    redirectUris: app.redirectUris,
    logoUrl: app.logoUrl,
    website: app.website,
    scopes: app.scopes,
    status: app.status,
    statusReason: app.statusReason,
    reviewedAt: app.reviewedAt ? new Date(app.reviewedAt).toISOString() : null,
    createdAt: new Date(app.createdAt).toISOString(),
  };
}
