/**
 * Référentiel géographique du Cameroun (régions, villes, quartiers).
 *
 * Sources :
 *  - Régions et chefs-lieux : découpage administratif officiel (décret n° 2008/376).
 *  - Coordonnées des villes : GeoNames / Wikipedia (degrés décimaux, 4 décimales).
 *  - Populations : recensement général (RGPH 2005, BUCREP) et estimations récentes
 *    (BUCREP / INS, 2015-2021), arrondies ; ordre de grandeur, pas des chiffres officiels exacts.
 *  - Quartiers : noms réels ; coordonnées approximatives (centre du quartier, à
 *    quelques centaines de mètres près), relevées sur cartes publiques (OpenStreetMap).
 *
 * Attention : le calcul des distances (recherche d'offres « autour de moi ») et le
 * géocodage inverse (coordonnées -> ville / quartier le plus proche) reposent sur ces
 * coordonnées. Toute correction doit conserver le format (latitude, longitude en WGS84).
 *
 * Convention des slugs : minuscules ASCII, accents supprimés, espaces et apostrophes
 * remplacés par « - » (ex. « Garoua-Boulaï » -> « garoua-boulai »).
 */

export interface RegionSeed {
  code: string;
  nom: string;
  chefLieu: string;
}

export interface VilleSeed {
  slug: string;
  nom: string;
  regionCode: string;
  latitude: number;
  longitude: number;
  population: number;
}

export interface QuartierSeed {
  villeSlug: string;
  nom: string;
  slug: string;
  latitude: number;
  longitude: number;
}

export const REGIONS: RegionSeed[] = [
  { code: 'AD', nom: 'Adamaoua', chefLieu: 'Ngaoundéré' },
  { code: 'CE', nom: 'Centre', chefLieu: 'Yaoundé' },
  { code: 'ES', nom: 'Est', chefLieu: 'Bertoua' },
  { code: 'EN', nom: 'Extrême-Nord', chefLieu: 'Maroua' },
  { code: 'LT', nom: 'Littoral', chefLieu: 'Douala' },
  { code: 'NO', nom: 'Nord', chefLieu: 'Garoua' },
  { code: 'NW', nom: 'Nord-Ouest', chefLieu: 'Bamenda' },
  { code: 'OU', nom: 'Ouest', chefLieu: 'Bafoussam' },
  { code: 'SU', nom: 'Sud', chefLieu: 'Ebolowa' },
  { code: 'SW', nom: 'Sud-Ouest', chefLieu: 'Buea' },
];

export const VILLES: VilleSeed[] = [
  // Adamaoua
  {
    slug: 'ngaoundere',
    nom: 'Ngaoundéré',
    regionCode: 'AD',
    latitude: 7.3277,
    longitude: 13.5847,
    population: 262000,
  },
  {
    slug: 'meiganga',
    nom: 'Meiganga',
    regionCode: 'AD',
    latitude: 6.5173,
    longitude: 14.2947,
    population: 80100,
  },
  { slug: 'tibati', nom: 'Tibati', regionCode: 'AD', latitude: 6.465, longitude: 12.6284, population: 41000 },
  { slug: 'banyo', nom: 'Banyo', regionCode: 'AD', latitude: 6.75, longitude: 11.8167, population: 45200 },

  // Centre
  {
    slug: 'yaounde',
    nom: 'Yaoundé',
    regionCode: 'CE',
    latitude: 3.8667,
    longitude: 11.5167,
    population: 4100000,
  },
  {
    slug: 'mbalmayo',
    nom: 'Mbalmayo',
    regionCode: 'CE',
    latitude: 3.5167,
    longitude: 11.5,
    population: 80200,
  },
  { slug: 'bafia', nom: 'Bafia', regionCode: 'CE', latitude: 4.75, longitude: 11.2333, population: 62500 },
  { slug: 'obala', nom: 'Obala', regionCode: 'CE', latitude: 4.1667, longitude: 11.5333, population: 43300 },
  {
    slug: 'mbandjock',
    nom: 'Mbandjock',
    regionCode: 'CE',
    latitude: 4.45,
    longitude: 11.9,
    population: 30700,
  },
  {
    slug: 'nanga-eboko',
    nom: 'Nanga-Eboko',
    regionCode: 'CE',
    latitude: 4.6833,
    longitude: 12.3667,
    population: 29600,
  },

  // Est
  {
    slug: 'bertoua',
    nom: 'Bertoua',
    regionCode: 'ES',
    latitude: 4.5773,
    longitude: 13.6846,
    population: 218111,
  },
  {
    slug: 'garoua-boulai',
    nom: 'Garoua-Boulaï',
    regionCode: 'ES',
    latitude: 5.8833,
    longitude: 14.55,
    population: 52400,
  },
  {
    slug: 'yokadouma',
    nom: 'Yokadouma',
    regionCode: 'ES',
    latitude: 3.5167,
    longitude: 15.05,
    population: 41300,
  },
  {
    slug: 'batouri',
    nom: 'Batouri',
    regionCode: 'ES',
    latitude: 4.4333,
    longitude: 14.3667,
    population: 51700,
  },
  {
    slug: 'abong-mbang',
    nom: 'Abong-Mbang',
    regionCode: 'ES',
    latitude: 3.9833,
    longitude: 13.1833,
    population: 30800,
  },

  // Extrême-Nord
  {
    slug: 'maroua',
    nom: 'Maroua',
    regionCode: 'EN',
    latitude: 10.591,
    longitude: 14.3159,
    population: 319941,
  },
  {
    slug: 'kousseri',
    nom: 'Kousséri',
    regionCode: 'EN',
    latitude: 12.0769,
    longitude: 15.0306,
    population: 101246,
  },
  {
    slug: 'mokolo',
    nom: 'Mokolo',
    regionCode: 'EN',
    latitude: 10.7396,
    longitude: 13.8019,
    population: 45400,
  },
  {
    slug: 'yagoua',
    nom: 'Yagoua',
    regionCode: 'EN',
    latitude: 10.3411,
    longitude: 15.2329,
    population: 41600,
  },
  { slug: 'kaele', nom: 'Kaélé', regionCode: 'EN', latitude: 10.1092, longitude: 14.4508, population: 36700 },
  { slug: 'mora', nom: 'Mora', regionCode: 'EN', latitude: 11.0461, longitude: 14.1401, population: 44700 },

  // Littoral
  {
    slug: 'douala',
    nom: 'Douala',
    regionCode: 'LT',
    latitude: 4.0483,
    longitude: 9.7043,
    population: 3663000,
  },
  {
    slug: 'nkongsamba',
    nom: 'Nkongsamba',
    regionCode: 'LT',
    latitude: 4.9547,
    longitude: 9.9404,
    population: 117063,
  },
  { slug: 'edea', nom: 'Edéa', regionCode: 'LT', latitude: 3.8, longitude: 10.1333, population: 122300 },
  { slug: 'loum', nom: 'Loum', regionCode: 'LT', latitude: 4.7182, longitude: 9.7351, population: 70300 },
  { slug: 'mbanga', nom: 'Mbanga', regionCode: 'LT', latitude: 4.5017, longitude: 9.5671, population: 58900 },
  { slug: 'manjo', nom: 'Manjo', regionCode: 'LT', latitude: 4.8428, longitude: 9.8217, population: 40500 },

  // Nord
  {
    slug: 'garoua',
    nom: 'Garoua',
    regionCode: 'NO',
    latitude: 9.3017,
    longitude: 13.3921,
    population: 436899,
  },
  {
    slug: 'guider',
    nom: 'Guider',
    regionCode: 'NO',
    latitude: 9.9342,
    longitude: 13.9486,
    population: 84600,
  },
  {
    slug: 'figuil',
    nom: 'Figuil',
    regionCode: 'NO',
    latitude: 9.7583,
    longitude: 13.9719,
    population: 35800,
  },
  {
    slug: 'tchollire',
    nom: 'Tcholliré',
    regionCode: 'NO',
    latitude: 8.4022,
    longitude: 14.1698,
    population: 21400,
  },

  // Nord-Ouest
  {
    slug: 'bamenda',
    nom: 'Bamenda',
    regionCode: 'NW',
    latitude: 5.9631,
    longitude: 10.1591,
    population: 502000,
  },
  { slug: 'kumbo', nom: 'Kumbo', regionCode: 'NW', latitude: 6.2, longitude: 10.6667, population: 125500 },
  { slug: 'wum', nom: 'Wum', regionCode: 'NW', latitude: 6.3833, longitude: 10.0667, population: 78300 },
  { slug: 'ndop', nom: 'Ndop', regionCode: 'NW', latitude: 5.9833, longitude: 10.4167, population: 52100 },
  {
    slug: 'nkambe',
    nom: 'Nkambé',
    regionCode: 'NW',
    latitude: 6.6333,
    longitude: 10.6667,
    population: 41800,
  },

  // Ouest
  {
    slug: 'bafoussam',
    nom: 'Bafoussam',
    regionCode: 'OU',
    latitude: 5.4778,
    longitude: 10.4176,
    population: 347517,
  },
  {
    slug: 'dschang',
    nom: 'Dschang',
    regionCode: 'OU',
    latitude: 5.4439,
    longitude: 10.0527,
    population: 120200,
  },
  {
    slug: 'foumban',
    nom: 'Foumban',
    regionCode: 'OU',
    latitude: 5.7269,
    longitude: 10.9014,
    population: 92673,
  },
  { slug: 'bafang', nom: 'Bafang', regionCode: 'OU', latitude: 5.157, longitude: 10.1826, population: 62900 },
  {
    slug: 'mbouda',
    nom: 'Mbouda',
    regionCode: 'OU',
    latitude: 5.6263,
    longitude: 10.2543,
    population: 101200,
  },
  {
    slug: 'bangangte',
    nom: 'Bangangté',
    regionCode: 'OU',
    latitude: 5.1413,
    longitude: 10.5227,
    population: 60800,
  },
  {
    slug: 'foumbot',
    nom: 'Foumbot',
    regionCode: 'OU',
    latitude: 5.5072,
    longitude: 10.6334,
    population: 80400,
  },

  // Sud
  { slug: 'ebolowa', nom: 'Ebolowa', regionCode: 'SU', latitude: 2.9, longitude: 11.15, population: 87875 },
  { slug: 'kribi', nom: 'Kribi', regionCode: 'SU', latitude: 2.9373, longitude: 9.9077, population: 70100 },
  {
    slug: 'sangmelima',
    nom: 'Sangmélima',
    regionCode: 'SU',
    latitude: 2.9333,
    longitude: 11.9833,
    population: 80300,
  },
  { slug: 'ambam', nom: 'Ambam', regionCode: 'SU', latitude: 2.3833, longitude: 11.2833, population: 21300 },

  // Sud-Ouest
  { slug: 'buea', nom: 'Buea', regionCode: 'SW', latitude: 4.1534, longitude: 9.2423, population: 200000 },
  { slug: 'limbe', nom: 'Limbé', regionCode: 'SW', latitude: 4.0236, longitude: 9.2061, population: 120300 },
  { slug: 'kumba', nom: 'Kumba', regionCode: 'SW', latitude: 4.6363, longitude: 9.4469, population: 400000 },
  { slug: 'tiko', nom: 'Tiko', regionCode: 'SW', latitude: 4.075, longitude: 9.36, population: 79900 },
  { slug: 'mamfe', nom: 'Mamfe', regionCode: 'SW', latitude: 5.7547, longitude: 9.3103, population: 40600 },
  { slug: 'muyuka', nom: 'Muyuka', regionCode: 'SW', latitude: 4.2898, longitude: 9.4104, population: 51200 },
];

export const QUARTIERS: QuartierSeed[] = [
  // Yaoundé
  { villeSlug: 'yaounde', nom: 'Bastos', slug: 'bastos', latitude: 3.893, longitude: 11.508 },
  { villeSlug: 'yaounde', nom: 'Mvog-Mbi', slug: 'mvog-mbi', latitude: 3.853, longitude: 11.523 },
  { villeSlug: 'yaounde', nom: 'Essos', slug: 'essos', latitude: 3.872, longitude: 11.538 },
  { villeSlug: 'yaounde', nom: 'Mokolo', slug: 'mokolo', latitude: 3.874, longitude: 11.5 },
  { villeSlug: 'yaounde', nom: 'Biyem-Assi', slug: 'biyem-assi', latitude: 3.838, longitude: 11.488 },
  { villeSlug: 'yaounde', nom: 'Nlongkak', slug: 'nlongkak', latitude: 3.882, longitude: 11.52 },
  { villeSlug: 'yaounde', nom: 'Emana', slug: 'emana', latitude: 3.925, longitude: 11.523 },
  { villeSlug: 'yaounde', nom: 'Ngoa-Ekellé', slug: 'ngoa-ekelle', latitude: 3.858, longitude: 11.499 },
  { villeSlug: 'yaounde', nom: 'Mvan', slug: 'mvan', latitude: 3.824, longitude: 11.513 },
  { villeSlug: 'yaounde', nom: 'Nkolbisson', slug: 'nkolbisson', latitude: 3.875, longitude: 11.448 },
  { villeSlug: 'yaounde', nom: 'Etoudi', slug: 'etoudi', latitude: 3.912, longitude: 11.528 },
  { villeSlug: 'yaounde', nom: 'Omnisport', slug: 'omnisport', latitude: 3.887, longitude: 11.542 },
  { villeSlug: 'yaounde', nom: 'Mimboman', slug: 'mimboman', latitude: 3.87, longitude: 11.558 },
  { villeSlug: 'yaounde', nom: 'Melen', slug: 'melen', latitude: 3.863, longitude: 11.49 },
  { villeSlug: 'yaounde', nom: 'Ekounou', slug: 'ekounou', latitude: 3.838, longitude: 11.539 },
  { villeSlug: 'yaounde', nom: 'Nkoldongo', slug: 'nkoldongo', latitude: 3.856, longitude: 11.535 },
  { villeSlug: 'yaounde', nom: 'Mendong', slug: 'mendong', latitude: 3.83, longitude: 11.473 },
  { villeSlug: 'yaounde', nom: 'Elig-Essono', slug: 'elig-essono', latitude: 3.875, longitude: 11.528 },
  { villeSlug: 'yaounde', nom: 'Tsinga', slug: 'tsinga', latitude: 3.887, longitude: 11.503 },
  { villeSlug: 'yaounde', nom: 'Odza', slug: 'odza', latitude: 3.803, longitude: 11.535 },
  { villeSlug: 'yaounde', nom: 'Nsimeyong', slug: 'nsimeyong', latitude: 3.831, longitude: 11.499 },

  // Douala
  { villeSlug: 'douala', nom: 'Akwa', slug: 'akwa', latitude: 4.05, longitude: 9.7 },
  { villeSlug: 'douala', nom: 'Bonapriso', slug: 'bonapriso', latitude: 4.033, longitude: 9.695 },
  { villeSlug: 'douala', nom: 'Bonanjo', slug: 'bonanjo', latitude: 4.042, longitude: 9.69 },
  { villeSlug: 'douala', nom: 'Deido', slug: 'deido', latitude: 4.062, longitude: 9.705 },
  { villeSlug: 'douala', nom: 'Bali', slug: 'bali', latitude: 4.042, longitude: 9.702 },
  { villeSlug: 'douala', nom: 'New-Bell', slug: 'new-bell', latitude: 4.037, longitude: 9.71 },
  { villeSlug: 'douala', nom: 'Bonabéri', slug: 'bonaberi', latitude: 4.075, longitude: 9.66 },
  { villeSlug: 'douala', nom: 'Makepe', slug: 'makepe', latitude: 4.075, longitude: 9.75 },
  { villeSlug: 'douala', nom: 'Logbessou', slug: 'logbessou', latitude: 4.095, longitude: 9.775 },
  { villeSlug: 'douala', nom: 'Kotto', slug: 'kotto', latitude: 4.07, longitude: 9.765 },
  { villeSlug: 'douala', nom: 'Ndokoti', slug: 'ndokoti', latitude: 4.045, longitude: 9.735 },
  { villeSlug: 'douala', nom: 'Bépanda', slug: 'bepanda', latitude: 4.06, longitude: 9.725 },
  { villeSlug: 'douala', nom: 'Bonamoussadi', slug: 'bonamoussadi', latitude: 4.088, longitude: 9.742 },
  { villeSlug: 'douala', nom: 'PK 14', slug: 'pk-14', latitude: 4.085, longitude: 9.79 },
  { villeSlug: 'douala', nom: 'Village', slug: 'village', latitude: 4.015, longitude: 9.755 },
  { villeSlug: 'douala', nom: 'Yassa', slug: 'yassa', latitude: 4.008, longitude: 9.79 },
  { villeSlug: 'douala', nom: 'Ndogbong', slug: 'ndogbong', latitude: 4.05, longitude: 9.745 },
  {
    villeSlug: 'douala',
    nom: 'Cité des Palmiers',
    slug: 'cite-des-palmiers',
    latitude: 4.06,
    longitude: 9.74,
  },
  { villeSlug: 'douala', nom: 'Ndogpassi', slug: 'ndogpassi', latitude: 4.025, longitude: 9.76 },
  { villeSlug: 'douala', nom: 'Bonassama', slug: 'bonassama', latitude: 4.07, longitude: 9.67 },

  // Garoua
  { villeSlug: 'garoua', nom: 'Plateau', slug: 'plateau', latitude: 9.311, longitude: 13.399 },
  { villeSlug: 'garoua', nom: 'Foulbéré', slug: 'foulbere', latitude: 9.3, longitude: 13.388 },
  { villeSlug: 'garoua', nom: 'Marouaré', slug: 'marouare', latitude: 9.316, longitude: 13.383 },
  { villeSlug: 'garoua', nom: 'Roumdé Adjia', slug: 'roumde-adjia', latitude: 9.295, longitude: 13.4 },
  { villeSlug: 'garoua', nom: 'Yelwa', slug: 'yelwa', latitude: 9.308, longitude: 13.415 },
  { villeSlug: 'garoua', nom: 'Poumpoumré', slug: 'poumpoumre', latitude: 9.325, longitude: 13.395 },
  { villeSlug: 'garoua', nom: 'Lopéré', slug: 'lopere', latitude: 9.305, longitude: 13.375 },
  { villeSlug: 'garoua', nom: 'Djamboutou', slug: 'djamboutou', latitude: 9.33, longitude: 13.42 },
  { villeSlug: 'garoua', nom: 'Ngalbidjé', slug: 'ngalbidje', latitude: 9.32, longitude: 13.405 },
  { villeSlug: 'garoua', nom: 'Bibémiré', slug: 'bibemire', latitude: 9.298, longitude: 13.38 },
  { villeSlug: 'garoua', nom: 'Kollere', slug: 'kollere', latitude: 9.288, longitude: 13.39 },
  { villeSlug: 'garoua', nom: 'Laïndé', slug: 'lainde', latitude: 9.33, longitude: 13.38 },
  { villeSlug: 'garoua', nom: 'Bocklé', slug: 'bockle', latitude: 9.335, longitude: 13.37 },
  { villeSlug: 'garoua', nom: 'Nassarao', slug: 'nassarao', latitude: 9.29, longitude: 13.415 },
  { villeSlug: 'garoua', nom: 'Takasko', slug: 'takasko', latitude: 9.34, longitude: 13.405 },

  // Bamenda
  {
    villeSlug: 'bamenda',
    nom: 'Commercial Avenue',
    slug: 'commercial-avenue',
    latitude: 5.96,
    longitude: 10.156,
  },
  { villeSlug: 'bamenda', nom: 'Up Station', slug: 'up-station', latitude: 5.943, longitude: 10.169 },
  { villeSlug: 'bamenda', nom: 'Nkwen', slug: 'nkwen', latitude: 5.983, longitude: 10.18 },
  { villeSlug: 'bamenda', nom: 'Mankon', slug: 'mankon', latitude: 5.965, longitude: 10.135 },
  { villeSlug: 'bamenda', nom: 'Old Town', slug: 'old-town', latitude: 5.955, longitude: 10.15 },
  { villeSlug: 'bamenda', nom: 'Ntarikon', slug: 'ntarikon', latitude: 5.975, longitude: 10.138 },
  { villeSlug: 'bamenda', nom: 'Mile 4 Nkwen', slug: 'mile-4-nkwen', latitude: 5.992, longitude: 10.19 },
  { villeSlug: 'bamenda', nom: 'Azire', slug: 'azire', latitude: 5.955, longitude: 10.17 },
  { villeSlug: 'bamenda', nom: 'Ntamulung', slug: 'ntamulung', latitude: 5.959, longitude: 10.164 },
  {
    villeSlug: 'bamenda',
    nom: 'Hospital Roundabout',
    slug: 'hospital-roundabout',
    latitude: 5.956,
    longitude: 10.16,
  },
  { villeSlug: 'bamenda', nom: 'Foncha Street', slug: 'foncha-street', latitude: 5.97, longitude: 10.17 },
  { villeSlug: 'bamenda', nom: 'Sisia', slug: 'sisia', latitude: 5.955, longitude: 10.135 },
  { villeSlug: 'bamenda', nom: 'Musang', slug: 'musang', latitude: 5.95, longitude: 10.14 },
  { villeSlug: 'bamenda', nom: 'Bayelle', slug: 'bayelle', latitude: 5.99, longitude: 10.165 },
  { villeSlug: 'bamenda', nom: 'Atuakom', slug: 'atuakom', latitude: 5.945, longitude: 10.13 },
  { villeSlug: 'bamenda', nom: 'Food Market', slug: 'food-market', latitude: 5.967, longitude: 10.149 },

  // Bafoussam
  { villeSlug: 'bafoussam', nom: 'Tamdja', slug: 'tamdja', latitude: 5.485, longitude: 10.415 },
  { villeSlug: 'bafoussam', nom: 'Djeleng', slug: 'djeleng', latitude: 5.47, longitude: 10.41 },
  { villeSlug: 'bafoussam', nom: 'Kouogouo', slug: 'kouogouo', latitude: 5.49, longitude: 10.43 },
  { villeSlug: 'bafoussam', nom: 'Banengo', slug: 'banengo', latitude: 5.465, longitude: 10.425 },
  { villeSlug: 'bafoussam', nom: 'Famla', slug: 'famla', latitude: 5.482, longitude: 10.405 },
  { villeSlug: 'bafoussam', nom: 'Ndiangdam', slug: 'ndiangdam', latitude: 5.455, longitude: 10.43 },
  { villeSlug: 'bafoussam', nom: 'Houkaha', slug: 'houkaha', latitude: 5.495, longitude: 10.42 },
  { villeSlug: 'bafoussam', nom: 'Tougang', slug: 'tougang', latitude: 5.5, longitude: 10.41 },
  { villeSlug: 'bafoussam', nom: 'Kamkop', slug: 'kamkop', latitude: 5.48, longitude: 10.425 },
  { villeSlug: 'bafoussam', nom: 'Toket', slug: 'toket', latitude: 5.49, longitude: 10.405 },
  { villeSlug: 'bafoussam', nom: 'Djemoun', slug: 'djemoun', latitude: 5.46, longitude: 10.4 },
  { villeSlug: 'bafoussam', nom: 'Tyo', slug: 'tyo', latitude: 5.47, longitude: 10.435 },
  { villeSlug: 'bafoussam', nom: 'Bamendzi', slug: 'bamendzi', latitude: 5.468, longitude: 10.442 },
  { villeSlug: 'bafoussam', nom: 'Ngouache', slug: 'ngouache', latitude: 5.45, longitude: 10.41 },
  { villeSlug: 'bafoussam', nom: 'Marché A', slug: 'marche-a', latitude: 5.478, longitude: 10.418 },

  // Maroua
  { villeSlug: 'maroua', nom: 'Domayo', slug: 'domayo', latitude: 10.595, longitude: 14.32 },
  { villeSlug: 'maroua', nom: 'Pitoaré', slug: 'pitoare', latitude: 10.615, longitude: 14.335 },
  { villeSlug: 'maroua', nom: 'Kakataré', slug: 'kakatare', latitude: 10.605, longitude: 14.315 },
  { villeSlug: 'maroua', nom: 'Djarengol', slug: 'djarengol', latitude: 10.57, longitude: 14.335 },
  { villeSlug: 'maroua', nom: 'Dougoï', slug: 'dougoi', latitude: 10.6, longitude: 14.325 },
  { villeSlug: 'maroua', nom: 'Hardéo', slug: 'hardeo', latitude: 10.605, longitude: 14.33 },
  { villeSlug: 'maroua', nom: 'Doualaré', slug: 'doualare', latitude: 10.593, longitude: 14.3 },
  { villeSlug: 'maroua', nom: 'Zokok', slug: 'zokok', latitude: 10.585, longitude: 14.335 },
  { villeSlug: 'maroua', nom: 'Ouro-Tchédé', slug: 'ouro-tchede', latitude: 10.6, longitude: 14.342 },
  { villeSlug: 'maroua', nom: 'Kongola', slug: 'kongola', latitude: 10.565, longitude: 14.32 },
  { villeSlug: 'maroua', nom: 'Founangué', slug: 'founangue', latitude: 10.58, longitude: 14.31 },
  { villeSlug: 'maroua', nom: 'Lopéré', slug: 'lopere', latitude: 10.6, longitude: 14.305 },
  { villeSlug: 'maroua', nom: 'Baouliwol', slug: 'baouliwol', latitude: 10.592, longitude: 14.325 },
  { villeSlug: 'maroua', nom: 'Palar', slug: 'palar', latitude: 10.575, longitude: 14.305 },
  { villeSlug: 'maroua', nom: 'Makabaye', slug: 'makabaye', latitude: 10.595, longitude: 14.305 },

  // Ngaoundéré
  { villeSlug: 'ngaoundere', nom: 'Petit Marché', slug: 'petit-marche', latitude: 7.325, longitude: 13.583 },
  { villeSlug: 'ngaoundere', nom: 'Bali', slug: 'bali', latitude: 7.32, longitude: 13.58 },
  { villeSlug: 'ngaoundere', nom: 'Burkina', slug: 'burkina', latitude: 7.335, longitude: 13.575 },
  { villeSlug: 'ngaoundere', nom: 'Joli Soir', slug: 'joli-soir', latitude: 7.315, longitude: 13.595 },
  { villeSlug: 'ngaoundere', nom: 'Sabongari', slug: 'sabongari', latitude: 7.33, longitude: 13.57 },
  { villeSlug: 'ngaoundere', nom: 'Mbideng', slug: 'mbideng', latitude: 7.305, longitude: 13.59 },
  { villeSlug: 'ngaoundere', nom: 'Baladji I', slug: 'baladji-i', latitude: 7.325, longitude: 13.595 },
  { villeSlug: 'ngaoundere', nom: 'Baladji II', slug: 'baladji-ii', latitude: 7.32, longitude: 13.6 },
  { villeSlug: 'ngaoundere', nom: 'Bamyanga', slug: 'bamyanga', latitude: 7.35, longitude: 13.58 },
  { villeSlug: 'ngaoundere', nom: 'Gada-Mabanga', slug: 'gada-mabanga', latitude: 7.34, longitude: 13.565 },
  { villeSlug: 'ngaoundere', nom: 'Onaref', slug: 'onaref', latitude: 7.315, longitude: 13.57 },
  { villeSlug: 'ngaoundere', nom: 'Mardock', slug: 'mardock', latitude: 7.33, longitude: 13.6 },
  { villeSlug: 'ngaoundere', nom: 'Djalingo', slug: 'djalingo', latitude: 7.345, longitude: 13.595 },
  { villeSlug: 'ngaoundere', nom: 'Norvégien', slug: 'norvegien', latitude: 7.315, longitude: 13.58 },
  { villeSlug: 'ngaoundere', nom: 'Tongo', slug: 'tongo', latitude: 7.34, longitude: 13.59 },
];
