/**
 * Job titles as Cameroon says them, with the titles the ESCO and ROME tables give the same job: a
 * candidate searches "laborantin", "transitaire" or "nounou" where the tables hold "technicien de
 * laboratoire", "déclarant en douane" or "garde d'enfants" (or hold the word only inside a longer
 * title of another occupation, "laborantin d'analyses médicales"). The English titles are those of
 * the North-West and South-West regions' ads ("clearing agent", "storekeeper", "house help").
 * Written for this project.
 *
 * Words with another common meaning in Cameroon stay out: "tâcheron" (a day labourer, and a
 * small building subcontractor), "boy" (a child), "coursier" alone (a delivery rider, and an
 * office messenger, "planton").
 */
export const CAMEROONIAN_JOB_TITLES: string[][] = [
  [
    'laborantin',
    'technicien de laboratoire',
    'technicien de laboratoire médical',
    "technicien d'analyses médicales",
    'lab technician',
  ],
  [
    'transitaire',
    'agent de transit',
    'déclarant en douane',
    'commissionnaire en douane',
    'clearing agent',
    'freight forwarder',
  ],
  [
    'ménagère',
    'aide ménagère',
    'femme de ménage',
    'employé de maison',
    'employé de ménage',
    'housemaid',
    'house help',
  ],
  ['nounou', 'nourrice', "garde d'enfants", 'baby-sitter', 'nanny'],
  ['technicien de surface', 'agent de nettoyage', 'agent de propreté'],
  ['planton', 'coursier de bureau', 'agent de liaison', 'office messenger'],
  ['pompiste', 'employé de station-service', 'agent de station-service', 'pump attendant'],
  ['tresseuse', 'coiffeuse tresseuse', 'hair braider'],
  ['tailleur', 'couturier', 'tailor', 'dressmaker'],
  ['agent de saisie', 'opérateur de saisie', 'data entry clerk'],
  ['agent de recouvrement', 'chargé de recouvrement', 'recouvreur', 'debt collector'],
  ['taximan', 'chauffeur de taxi', 'conducteur de taxi', 'taxi driver'],
  ['vendeur en boutique', 'boutiquier', 'shop attendant'],
  ['gardien de nuit', 'veilleur de nuit', 'night watchman'],
  ['mécanicien auto', 'mécanicien automobile', 'garagiste', 'motor mechanic'],
  ['magasinier', 'gestionnaire de stock', 'storekeeper'],
];
