/**
 * Companies (entreprises): their view, public pages and lists, members and invitations, ownership,
 * images and plans; and the signed-in recruiter with their company role. The public face of the area:
 * other areas import only this file.
 */
export { type EntrepriseView, loadEntrepriseViews } from './entreprise-view.ts';
export {
  currentRecruteur,
  type CurrentRecruteur,
  requireActiveRecruteur,
  requireEntrepriseOwner,
} from './current-recruteur.ts';
export { getPublicEntreprise } from './get-public-entreprise.ts';
