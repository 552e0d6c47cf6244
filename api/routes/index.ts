/** Every route of /v1/api, area by area. The router and the OpenAPI document both read this list. */
import type { Config } from '../../lib/config.ts';
import type { RouteDef } from '../http/route.ts';
import { routes as geography } from './geography.routes.ts';
import { routes as reference } from './reference.routes.ts';
import { routes as auth } from './auth.routes.ts';
import { routes as recruiters } from './recruteurs.routes.ts';
import { routes as recruiterDocuments } from './recruteur-documents.routes.ts';
import { routes as companies } from './entreprises.routes.ts';
import { routes as candidates } from './candidats.routes.ts';
import { routes as files } from './files.routes.ts';
import { routes as offres } from './offres.routes.ts';
import { routes as candidatures } from './candidatures.routes.ts';
import { routes as savedJobs } from './saved-jobs.routes.ts';
import { routes as recommendations } from './recommendations.routes.ts';
import { routes as dashboards } from './dashboards.routes.ts';
import { routes as webhooks } from './webhooks.routes.ts';
import { routes as alerts } from './alerts.routes.ts';
import { routes as sms } from './sms.routes.ts';
import { routes as viviers } from './viviers.routes.ts';
import { routes as poolInvitations } from './pool-invitations.routes.ts';
import { routes as notifications } from './notifications.routes.ts';
import { routes as reach } from './reach.routes.ts';
import { routes as admin } from './admin.routes.ts';
import { routes as adminRecruiters } from './admin-recruteurs.routes.ts';
import { routes as blog } from './blog.routes.ts';
import { routes as trust } from './trust.routes.ts';
import { routes as integrations } from './integrations.routes.ts';

export function allRoutes(config: Config): RouteDef[] {
  return [
    ...geography,
    ...reference,
    ...auth,
    ...recruiters,
    ...recruiterDocuments,
    ...companies,
    ...candidates,
    ...files,
    ...offres,
    ...reach,
    ...candidatures,
    ...savedJobs,
    ...recommendations,
    ...dashboards,
    ...(config.webhooksEnabled ? webhooks : []),
    ...alerts,
    ...sms,
    ...viviers,
    ...poolInvitations,
    ...notifications,
    ...admin,
    ...adminRecruiters,
    ...blog,
    ...trust,
    ...integrations,
  ];
}
