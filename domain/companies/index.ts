/**
 * Companies (entreprises): their view, public pages and lists, members and invitations, ownership,
 * images and plans; and the signed-in recruiter with their company role. The public face of the area:
 * other areas import only this file.
 */
export { type CompanyView, loadCompanyViews } from './company-view.ts';
export {
  currentRecruiter,
  type CurrentRecruiter,
  requireActiveRecruiter,
  requireCompanyOwner,
} from './current-recruiter.ts';
export { getPublicCompany } from './get-public-company.ts';
