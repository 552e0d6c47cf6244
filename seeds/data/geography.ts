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
  { slug: 'ngaoundere', nom: 'Ngaoundéré', regionCode: 'AD', latitude: 7.3277, longitude: 13.5847, population: 262000 },
  { slug: 'meiganga', nom: 'Meiganga', regionCode: 'AD', latitude: 6.5173, longitude: 14.2947, population: 80100 },
  { slug: 'tibati', nom: 'Tibati', regionCode: 'AD', latitude: 6.4650, longitude: 12.6284, population: 41000 },
  { slug: 'banyo', nom: 'Banyo', regionCode: 'AD', latitude: 6.7500, longitude: 11.8167, population: 45200 },

  // Centre
  { slug: 'yaounde', nom: 'Yaoundé', regionCode: 'CE', latitude: 3.8667, longitude: 11.5167, population: 4100000 },
  { slug: 'mbalmayo', nom: 'Mbalmayo', regionCode: 'CE', latitude: 3.5167, longitude: 11.5000, population: 80200 },
  { slug: 'bafia', nom: 'Bafia', regionCode: 'CE', latitude: 4.7500, longitude: 11.2333, population: 62500 },
  { slug: 'obala', nom: 'Obala', regionCode: 'CE', latitude: 4.1667, longitude: 11.5333, population: 43300 },
  { slug: 'mbandjock', nom: 'Mbandjock', regionCode: 'CE', latitude: 4.4500, longitude: 11.9000, population: 30700 },
  { slug: 'nanga-eboko', nom: 'Nanga-Eboko', regionCode: 'CE', latitude: 4.6833, longitude: 12.3667, population: 29600 },

  // Est
  { slug: 'bertoua', nom: 'Bertoua', regionCode: 'ES', latitude: 4.5773, longitude: 13.6846, population: 218111 },
  { slug: 'garoua-boulai', nom: 'Garoua-Boulaï', regionCode: 'ES', latitude: 5.8833, longitude: 14.5500, population: 52400 },
  { slug: 'yokadouma', nom: 'Yokadouma', regionCode: 'ES', latitude: 3.5167, longitude: 15.0500, population: 41300 },
  { slug: 'batouri', nom: 'Batouri', regionCode: 'ES', latitude: 4.4333, longitude: 14.3667, population: 51700 },
  { slug: 'abong-mbang', nom: 'Abong-Mbang', regionCode: 'ES', latitude: 3.9833, longitude: 13.1833, population: 30800 },

  // Extrême-Nord
  { slug: 'maroua', nom: 'Maroua', regionCode: 'EN', latitude: 10.5910, longitude: 14.3159, population: 319941 },
  { slug: 'kousseri', nom: 'Kousséri', regionCode: 'EN', latitude: 12.0769, longitude: 15.0306, population: 101246 },
  { slug: 'mokolo', nom: 'Mokolo', regionCode: 'EN', latitude: 10.7396, longitude: 13.8019, population: 45400 },
  { slug: 'yagoua', nom: 'Yagoua', regionCode: 'EN', latitude: 10.3411, longitude: 15.2329, population: 41600 },
  { slug: 'kaele', nom: 'Kaélé', regionCode: 'EN', latitude: 10.1092, longitude: 14.4508, population: 36700 },
  { slug: 'mora', nom: 'Mora', regionCode: 'EN', latitude: 11.0461, longitude: 14.1401, population: 44700 },

  // Littoral
  { slug: 'douala', nom: 'Douala', regionCode: 'LT', latitude: 4.0483, longitude: 9.7043, population: 3663000 },
  { slug: 'nkongsamba', nom: 'Nkongsamba', regionCode: 'LT', latitude: 4.9547, longitude: 9.9404, population: 117063 },
  { slug: 'edea', nom: 'Edéa', regionCode: 'LT', latitude: 3.8000, longitude: 10.1333, population: 122300 },
  { slug: 'loum', nom: 'Loum', regionCode: 'LT', latitude: 4.7182, longitude: 9.7351, population: 70300 },
  { slug: 'mbanga', nom: 'Mbanga', regionCode: 'LT', latitude: 4.5017, longitude: 9.5671, population: 58900 },
  { slug: 'manjo', nom: 'Manjo', regionCode: 'LT', latitude: 4.8428, longitude: 9.8217, population: 40500 },

  // Nord
  { slug: 'garoua', nom: 'Garoua', regionCode: 'NO', latitude: 9.3017, longitude: 13.3921, population: 436899 },
  { slug: 'guider', nom: 'Guider', regionCode: 'NO', latitude: 9.9342, longitude: 13.9486, population: 84600 },
  { slug: 'figuil', nom: 'Figuil', regionCode: 'NO', latitude: 9.7583, longitude: 13.9719, population: 35800 },
  { slug: 'tchollire', nom: 'Tcholliré', regionCode: 'NO', latitude: 8.4022, longitude: 14.1698, population: 21400 },

  // Nord-Ouest
  { slug: 'bamenda', nom: 'Bamenda', regionCode: 'NW', latitude: 5.9631, longitude: 10.1591, population: 502000 },
  { slug: 'kumbo', nom: 'Kumbo', regionCode: 'NW', latitude: 6.2000, longitude: 10.6667, population: 125500 },
  { slug: 'wum', nom: 'Wum', regionCode: 'NW', latitude: 6.3833, longitude: 10.0667, population: 78300 },
  { slug: 'ndop', nom: 'Ndop', regionCode: 'NW', latitude: 5.9833, longitude: 10.4167, population: 52100 },
  { slug: 'nkambe', nom: 'Nkambé', regionCode: 'NW', latitude: 6.6333, longitude: 10.6667, population: 41800 },

  // Ouest
  { slug: 'bafoussam', nom: 'Bafoussam', regionCode: 'OU', latitude: 5.4778, longitude: 10.4176, population: 347517 },
  { slug: 'dschang', nom: 'Dschang', regionCode: 'OU', latitude: 5.4439, longitude: 10.0527, population: 120200 },
  { slug: 'foumban', nom: 'Foumban', regionCode: 'OU', latitude: 5.7269, longitude: 10.9014, population: 92673 },
  { slug: 'bafang', nom: 'Bafang', regionCode: 'OU', latitude: 5.1570, longitude: 10.1826, population: 62900 },
  { slug: 'mbouda', nom: 'Mbouda', regionCode: 'OU', latitude: 5.6263, longitude: 10.2543, population: 101200 },
  { slug: 'bangangte', nom: 'Bangangté', regionCode: 'OU', latitude: 5.1413, longitude: 10.5227, population: 60800 },
  { slug: 'foumbot', nom: 'Foumbot', regionCode: 'OU', latitude: 5.5072, longitude: 10.6334, population: 80400 },

  // Sud
  { slug: 'ebolowa', nom: 'Ebolowa', regionCode: 'SU', latitude: 2.9000, longitude: 11.1500, population: 87875 },
  { slug: 'kribi', nom: 'Kribi', regionCode: 'SU', latitude: 2.9373, longitude: 9.9077, population: 70100 },
  { slug: 'sangmelima', nom: 'Sangmélima', regionCode: 'SU', latitude: 2.9333, longitude: 11.9833, population: 80300 },
  { slug: 'ambam', nom: 'Ambam', regionCode: 'SU', latitude: 2.3833, longitude: 11.2833, population: 21300 },

  // Sud-Ouest
  { slug: 'buea', nom: 'Buea', regionCode: 'SW', latitude: 4.1534, longitude: 9.2423, population: 200000 },
  { slug: 'limbe', nom: 'Limbé', regionCode: 'SW', latitude: 4.0236, longitude: 9.2061, population: 120300 },
  { slug: 'kumba', nom: 'Kumba', regionCode: 'SW', latitude: 4.6363, longitude: 9.4469, population: 400000 },
  { slug: 'tiko', nom: 'Tiko', regionCode: 'SW', latitude: 4.0750, longitude: 9.3600, population: 79900 },
  { slug: 'mamfe', nom: 'Mamfe', regionCode: 'SW', latitude: 5.7547, longitude: 9.3103, population: 40600 },
  { slug: 'muyuka', nom: 'Muyuka', regionCode: 'SW', latitude: 4.2898, longitude: 9.4104, population: 51200 },
];

export const QUARTIERS: QuartierSeed[] = [
  // Yaoundé
  { villeSlug: 'yaounde', nom: 'Bastos', slug: 'bastos', latitude: 3.8930, longitude: 11.5080 },
  { villeSlug: 'yaounde', nom: 'Mvog-Mbi', slug: 'mvog-mbi', latitude: 3.8530, longitude: 11.5230 },
  { villeSlug: 'yaounde', nom: 'Essos', slug: 'essos', latitude: 3.8720, longitude: 11.5380 },
  { villeSlug: 'yaounde', nom: 'Mokolo', slug: 'mokolo', latitude: 3.8740, longitude: 11.5000 },
  { villeSlug: 'yaounde', nom: 'Biyem-Assi', slug: 'biyem-assi', latitude: 3.8380, longitude: 11.4880 },
  { villeSlug: 'yaounde', nom: 'Nlongkak', slug: 'nlongkak', latitude: 3.8820, longitude: 11.5200 },
  { villeSlug: 'yaounde', nom: 'Emana', slug: 'emana', latitude: 3.9250, longitude: 11.5230 },
  { villeSlug: 'yaounde', nom: 'Ngoa-Ekellé', slug: 'ngoa-ekelle', latitude: 3.8580, longitude: 11.4990 },
  { villeSlug: 'yaounde', nom: 'Mvan', slug: 'mvan', latitude: 3.8240, longitude: 11.5130 },
  { villeSlug: 'yaounde', nom: 'Nkolbisson', slug: 'nkolbisson', latitude: 3.8750, longitude: 11.4480 },
  { villeSlug: 'yaounde', nom: 'Etoudi', slug: 'etoudi', latitude: 3.9120, longitude: 11.5280 },
  { villeSlug: 'yaounde', nom: 'Omnisport', slug: 'omnisport', latitude: 3.8870, longitude: 11.5420 },
  { villeSlug: 'yaounde', nom: 'Mimboman', slug: 'mimboman', latitude: 3.8700, longitude: 11.5580 },
  { villeSlug: 'yaounde', nom: 'Melen', slug: 'melen', latitude: 3.8630, longitude: 11.4900 },
  { villeSlug: 'yaounde', nom: 'Ekounou', slug: 'ekounou', latitude: 3.8380, longitude: 11.5390 },
  { villeSlug: 'yaounde', nom: 'Nkoldongo', slug: 'nkoldongo', latitude: 3.8560, longitude: 11.5350 },
  { villeSlug: 'yaounde', nom: 'Mendong', slug: 'mendong', latitude: 3.8300, longitude: 11.4730 },
  { villeSlug: 'yaounde', nom: 'Elig-Essono', slug: 'elig-essono', latitude: 3.8750, longitude: 11.5280 },
  { villeSlug: 'yaounde', nom: 'Tsinga', slug: 'tsinga', latitude: 3.8870, longitude: 11.5030 },
  { villeSlug: 'yaounde', nom: 'Odza', slug: 'odza', latitude: 3.8030, longitude: 11.5350 },
  { villeSlug: 'yaounde', nom: 'Nsimeyong', slug: 'nsimeyong', latitude: 3.8310, longitude: 11.4990 },

  // Douala
  { villeSlug: 'douala', nom: 'Akwa', slug: 'akwa', latitude: 4.0500, longitude: 9.7000 },
  { villeSlug: 'douala', nom: 'Bonapriso', slug: 'bonapriso', latitude: 4.0330, longitude: 9.6950 },
  { villeSlug: 'douala', nom: 'Bonanjo', slug: 'bonanjo', latitude: 4.0420, longitude: 9.6900 },
  { villeSlug: 'douala', nom: 'Deido', slug: 'deido', latitude: 4.0620, longitude: 9.7050 },
  { villeSlug: 'douala', nom: 'Bali', slug: 'bali', latitude: 4.0420, longitude: 9.7020 },
  { villeSlug: 'douala', nom: 'New-Bell', slug: 'new-bell', latitude: 4.0370, longitude: 9.7100 },
  { villeSlug: 'douala', nom: 'Bonabéri', slug: 'bonaberi', latitude: 4.0750, longitude: 9.6600 },
  { villeSlug: 'douala', nom: 'Makepe', slug: 'makepe', latitude: 4.0750, longitude: 9.7500 },
  { villeSlug: 'douala', nom: 'Logbessou', slug: 'logbessou', latitude: 4.0950, longitude: 9.7750 },
  { villeSlug: 'douala', nom: 'Kotto', slug: 'kotto', latitude: 4.0700, longitude: 9.7650 },
  { villeSlug: 'douala', nom: 'Ndokoti', slug: 'ndokoti', latitude: 4.0450, longitude: 9.7350 },
  { villeSlug: 'douala', nom: 'Bépanda', slug: 'bepanda', latitude: 4.0600, longitude: 9.7250 },
  { villeSlug: 'douala', nom: 'Bonamoussadi', slug: 'bonamoussadi', latitude: 4.0880, longitude: 9.7420 },
  { villeSlug: 'douala', nom: 'PK 14', slug: 'pk-14', latitude: 4.0850, longitude: 9.7900 },
  { villeSlug: 'douala', nom: 'Village', slug: 'village', latitude: 4.0150, longitude: 9.7550 },
  { villeSlug: 'douala', nom: 'Yassa', slug: 'yassa', latitude: 4.0080, longitude: 9.7900 },
  { villeSlug: 'douala', nom: 'Ndogbong', slug: 'ndogbong', latitude: 4.0500, longitude: 9.7450 },
  { villeSlug: 'douala', nom: 'Cité des Palmiers', slug: 'cite-des-palmiers', latitude: 4.0600, longitude: 9.7400 },
  { villeSlug: 'douala', nom: 'Ndogpassi', slug: 'ndogpassi', latitude: 4.0250, longitude: 9.7600 },
  { villeSlug: 'douala', nom: 'Bonassama', slug: 'bonassama', latitude: 4.0700, longitude: 9.6700 },

  // Garoua
  { villeSlug: 'garoua', nom: 'Plateau', slug: 'plateau', latitude: 9.3110, longitude: 13.3990 },
  { villeSlug: 'garoua', nom: 'Foulbéré', slug: 'foulbere', latitude: 9.3000, longitude: 13.3880 },
  { villeSlug: 'garoua', nom: 'Marouaré', slug: 'marouare', latitude: 9.3160, longitude: 13.3830 },
  { villeSlug: 'garoua', nom: 'Roumdé Adjia', slug: 'roumde-adjia', latitude: 9.2950, longitude: 13.4000 },
  { villeSlug: 'garoua', nom: 'Yelwa', slug: 'yelwa', latitude: 9.3080, longitude: 13.4150 },
  { villeSlug: 'garoua', nom: 'Poumpoumré', slug: 'poumpoumre', latitude: 9.3250, longitude: 13.3950 },
  { villeSlug: 'garoua', nom: 'Lopéré', slug: 'lopere', latitude: 9.3050, longitude: 13.3750 },
  { villeSlug: 'garoua', nom: 'Djamboutou', slug: 'djamboutou', latitude: 9.3300, longitude: 13.4200 },
  { villeSlug: 'garoua', nom: 'Ngalbidjé', slug: 'ngalbidje', latitude: 9.3200, longitude: 13.4050 },
  { villeSlug: 'garoua', nom: 'Bibémiré', slug: 'bibemire', latitude: 9.2980, longitude: 13.3800 },
  { villeSlug: 'garoua', nom: 'Kollere', slug: 'kollere', latitude: 9.2880, longitude: 13.3900 },
  { villeSlug: 'garoua', nom: 'Laïndé', slug: 'lainde', latitude: 9.3300, longitude: 13.3800 },
  { villeSlug: 'garoua', nom: 'Bocklé', slug: 'bockle', latitude: 9.3350, longitude: 13.3700 },
  { villeSlug: 'garoua', nom: 'Nassarao', slug: 'nassarao', latitude: 9.2900, longitude: 13.4150 },
  { villeSlug: 'garoua', nom: 'Takasko', slug: 'takasko', latitude: 9.3400, longitude: 13.4050 },

  // Bamenda
  { villeSlug: 'bamenda', nom: 'Commercial Avenue', slug: 'commercial-avenue', latitude: 5.9600, longitude: 10.1560 },
  { villeSlug: 'bamenda', nom: 'Up Station', slug: 'up-station', latitude: 5.9430, longitude: 10.1690 },
  { villeSlug: 'bamenda', nom: 'Nkwen', slug: 'nkwen', latitude: 5.9830, longitude: 10.1800 },
  { villeSlug: 'bamenda', nom: 'Mankon', slug: 'mankon', latitude: 5.9650, longitude: 10.1350 },
  { villeSlug: 'bamenda', nom: 'Old Town', slug: 'old-town', latitude: 5.9550, longitude: 10.1500 },
  { villeSlug: 'bamenda', nom: 'Ntarikon', slug: 'ntarikon', latitude: 5.9750, longitude: 10.1380 },
  { villeSlug: 'bamenda', nom: 'Mile 4 Nkwen', slug: 'mile-4-nkwen', latitude: 5.9920, longitude: 10.1900 },
  { villeSlug: 'bamenda', nom: 'Azire', slug: 'azire', latitude: 5.9550, longitude: 10.1700 },
  { villeSlug: 'bamenda', nom: 'Ntamulung', slug: 'ntamulung', latitude: 5.9590, longitude: 10.1640 },
  { villeSlug: 'bamenda', nom: 'Hospital Roundabout', slug: 'hospital-roundabout', latitude: 5.9560, longitude: 10.1600 },
  { villeSlug: 'bamenda', nom: 'Foncha Street', slug: 'foncha-street', latitude: 5.9700, longitude: 10.1700 },
  { villeSlug: 'bamenda', nom: 'Sisia', slug: 'sisia', latitude: 5.9550, longitude: 10.1350 },
  { villeSlug: 'bamenda', nom: 'Musang', slug: 'musang', latitude: 5.9500, longitude: 10.1400 },
  { villeSlug: 'bamenda', nom: 'Bayelle', slug: 'bayelle', latitude: 5.9900, longitude: 10.1650 },
  { villeSlug: 'bamenda', nom: 'Atuakom', slug: 'atuakom', latitude: 5.9450, longitude: 10.1300 },
  { villeSlug: 'bamenda', nom: 'Food Market', slug: 'food-market', latitude: 5.9670, longitude: 10.1490 },

  // Bafoussam
  { villeSlug: 'bafoussam', nom: 'Tamdja', slug: 'tamdja', latitude: 5.4850, longitude: 10.4150 },
  { villeSlug: 'bafoussam', nom: 'Djeleng', slug: 'djeleng', latitude: 5.4700, longitude: 10.4100 },
  { villeSlug: 'bafoussam', nom: 'Kouogouo', slug: 'kouogouo', latitude: 5.4900, longitude: 10.4300 },
  { villeSlug: 'bafoussam', nom: 'Banengo', slug: 'banengo', latitude: 5.4650, longitude: 10.4250 },
  { villeSlug: 'bafoussam', nom: 'Famla', slug: 'famla', latitude: 5.4820, longitude: 10.4050 },
  { villeSlug: 'bafoussam', nom: 'Ndiangdam', slug: 'ndiangdam', latitude: 5.4550, longitude: 10.4300 },
  { villeSlug: 'bafoussam', nom: 'Houkaha', slug: 'houkaha', latitude: 5.4950, longitude: 10.4200 },
  { villeSlug: 'bafoussam', nom: 'Tougang', slug: 'tougang', latitude: 5.5000, longitude: 10.4100 },
  { villeSlug: 'bafoussam', nom: 'Kamkop', slug: 'kamkop', latitude: 5.4800, longitude: 10.4250 },
  { villeSlug: 'bafoussam', nom: 'Toket', slug: 'toket', latitude: 5.4900, longitude: 10.4050 },
  { villeSlug: 'bafoussam', nom: 'Djemoun', slug: 'djemoun', latitude: 5.4600, longitude: 10.4000 },
  { villeSlug: 'bafoussam', nom: 'Tyo', slug: 'tyo', latitude: 5.4700, longitude: 10.4350 },
  { villeSlug: 'bafoussam', nom: 'Bamendzi', slug: 'bamendzi', latitude: 5.4680, longitude: 10.4420 },
  { villeSlug: 'bafoussam', nom: 'Ngouache', slug: 'ngouache', latitude: 5.4500, longitude: 10.4100 },
  { villeSlug: 'bafoussam', nom: 'Marché A', slug: 'marche-a', latitude: 5.4780, longitude: 10.4180 },

  // Maroua
  { villeSlug: 'maroua', nom: 'Domayo', slug: 'domayo', latitude: 10.5950, longitude: 14.3200 },
  { villeSlug: 'maroua', nom: 'Pitoaré', slug: 'pitoare', latitude: 10.6150, longitude: 14.3350 },
  { villeSlug: 'maroua', nom: 'Kakataré', slug: 'kakatare', latitude: 10.6050, longitude: 14.3150 },
  { villeSlug: 'maroua', nom: 'Djarengol', slug: 'djarengol', latitude: 10.5700, longitude: 14.3350 },
  { villeSlug: 'maroua', nom: 'Dougoï', slug: 'dougoi', latitude: 10.6000, longitude: 14.3250 },
  { villeSlug: 'maroua', nom: 'Hardéo', slug: 'hardeo', latitude: 10.6050, longitude: 14.3300 },
  { villeSlug: 'maroua', nom: 'Doualaré', slug: 'doualare', latitude: 10.5930, longitude: 14.3000 },
  { villeSlug: 'maroua', nom: 'Zokok', slug: 'zokok', latitude: 10.5850, longitude: 14.3350 },
  { villeSlug: 'maroua', nom: 'Ouro-Tchédé', slug: 'ouro-tchede', latitude: 10.6000, longitude: 14.3420 },
  { villeSlug: 'maroua', nom: 'Kongola', slug: 'kongola', latitude: 10.5650, longitude: 14.3200 },
  { villeSlug: 'maroua', nom: 'Founangué', slug: 'founangue', latitude: 10.5800, longitude: 14.3100 },
  { villeSlug: 'maroua', nom: 'Lopéré', slug: 'lopere', latitude: 10.6000, longitude: 14.3050 },
  { villeSlug: 'maroua', nom: 'Baouliwol', slug: 'baouliwol', latitude: 10.5920, longitude: 14.3250 },
  { villeSlug: 'maroua', nom: 'Palar', slug: 'palar', latitude: 10.5750, longitude: 14.3050 },
  { villeSlug: 'maroua', nom: 'Makabaye', slug: 'makabaye', latitude: 10.5950, longitude: 14.3050 },

  // Ngaoundéré
  { villeSlug: 'ngaoundere', nom: 'Petit Marché', slug: 'petit-marche', latitude: 7.3250, longitude: 13.5830 },
  { villeSlug: 'ngaoundere', nom: 'Bali', slug: 'bali', latitude: 7.3200, longitude: 13.5800 },
  { villeSlug: 'ngaoundere', nom: 'Burkina', slug: 'burkina', latitude: 7.3350, longitude: 13.5750 },
  { villeSlug: 'ngaoundere', nom: 'Joli Soir', slug: 'joli-soir', latitude: 7.3150, longitude: 13.5950 },
  { villeSlug: 'ngaoundere', nom: 'Sabongari', slug: 'sabongari', latitude: 7.3300, longitude: 13.5700 },
  { villeSlug: 'ngaoundere', nom: 'Mbideng', slug: 'mbideng', latitude: 7.3050, longitude: 13.5900 },
  { villeSlug: 'ngaoundere', nom: 'Baladji I', slug: 'baladji-i', latitude: 7.3250, longitude: 13.5950 },
  { villeSlug: 'ngaoundere', nom: 'Baladji II', slug: 'baladji-ii', latitude: 7.3200, longitude: 13.6000 },
  { villeSlug: 'ngaoundere', nom: 'Bamyanga', slug: 'bamyanga', latitude: 7.3500, longitude: 13.5800 },
  { villeSlug: 'ngaoundere', nom: 'Gada-Mabanga', slug: 'gada-mabanga', latitude: 7.3400, longitude: 13.5650 },
  { villeSlug: 'ngaoundere', nom: 'Onaref', slug: 'onaref', latitude: 7.3150, longitude: 13.5700 },
  { villeSlug: 'ngaoundere', nom: 'Mardock', slug: 'mardock', latitude: 7.3300, longitude: 13.6000 },
  { villeSlug: 'ngaoundere', nom: 'Djalingo', slug: 'djalingo', latitude: 7.3450, longitude: 13.5950 },
  { villeSlug: 'ngaoundere', nom: 'Norvégien', slug: 'norvegien', latitude: 7.3150, longitude: 13.5800 },
  { villeSlug: 'ngaoundere', nom: 'Tongo', slug: 'tongo', latitude: 7.3400, longitude: 13.5900 },
];
