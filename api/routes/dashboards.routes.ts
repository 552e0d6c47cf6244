/** Candidate and recruiter dashboards. */
import { defineRoutes, route } from '../http/route.ts';
import { CandidatDashboard, RecruteurDashboard } from '../schemas/candidature.ts';
import { candidatDashboard, PROFILE_ITEMS } from '../../domain/dashboards/candidat-dashboard.ts';
import { recruteurDashboard } from '../../domain/dashboards/recruteur-dashboard.ts';

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/candidats/me/dashboard',
    tag: 'Candidate Dashboard',
    summary: "The candidate's dashboard",
    description: `Applications by status, saved jobs, active job alerts and profile completion. \`profileCompletionPercent\` = 10 points for each of these ${PROFILE_ITEMS.length} items that is filled in: ${PROFILE_ITEMS.join(', ')} (competences: at least one); \`profileMissing\` lists the missing items.`,
    access: ['CANDIDAT'],
    response: CandidatDashboard,
    handler: ({ ctx }) => candidatDashboard(ctx),
  }),
  route({
    method: 'get',
    path: '/recruiters/me/dashboard',
    tag: 'Dashboard Recruteur',
    summary: "The recruiter's company dashboard",
    description:
      "For the recruiter's company: offers by state, applications by status, and `candidaturesParJour`: applications received on each of the last 30 days (Cameroon days, oldest first, today last, 0 when none). The recruiter must be ACTIVE.",
    access: ['RECRUTEUR'],
    response: RecruteurDashboard,
    handler: ({ ctx }) => recruteurDashboard(ctx),
  }),
]);
