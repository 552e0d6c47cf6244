/** Reference data shipped with the platform: activity sectors and experience levels. */
export const SECTEURS: { nom: string; description: string }[] = [
  {
    nom: 'Agriculture et agro-industrie',
    description: 'Production agricole, élevage, transformation agroalimentaire',
  },
  { nom: 'Banque, assurance et microfinance', description: 'Établissements de crédit, assurances, EMF' },
  { nom: 'BTP et immobilier', description: 'Bâtiment, travaux publics, promotion immobilière' },
  { nom: 'Commerce et distribution', description: 'Commerce de gros et de détail, grande distribution' },
  { nom: 'Éducation et formation', description: 'Enseignement, formation professionnelle' },
  { nom: 'Énergie, mines et pétrole', description: 'Électricité, hydrocarbures, exploitation minière' },
  { nom: 'Santé et pharmacie', description: 'Hôpitaux, cliniques, laboratoires, pharmacies' },
  { nom: 'Technologies de l’information', description: 'Logiciel, services numériques, télécommunications' },
  { nom: 'Transport et logistique', description: 'Transport routier, maritime, aérien, transit' },
  { nom: 'Industrie et manufacture', description: 'Production industrielle, brasseries, cimenteries' },
  { nom: 'Hôtellerie, tourisme et restauration', description: 'Hôtels, restaurants, agences de voyage' },
  {
    nom: 'Administration et ONG',
    description: 'Organisations internationales, associations, secteur public',
  },
  { nom: 'Médias et communication', description: 'Presse, audiovisuel, publicité, marketing' },
  {
    nom: 'Conseil et services aux entreprises',
    description: 'Audit, conseil, juridique, ressources humaines',
  },
];

export const EXPERIENCE_LEVELS: { nom: string; ordre: number }[] = [
  { nom: 'Débutant (moins d’un an)', ordre: 1 },
  { nom: 'Junior (1 à 3 ans)', ordre: 2 },
  { nom: 'Confirmé (3 à 5 ans)', ordre: 3 },
  { nom: 'Senior (5 à 10 ans)', ordre: 4 },
  { nom: 'Expert (plus de 10 ans)', ordre: 5 },
];
