import { createIntl } from 'react-intl';
import { inPlace } from '../../shared/i18n/inPlace';
import { regional, type CatalogueId, type RegionId } from '../../shared/i18n/regions';
import type { Lang as SiteLang, WrittenLang as Lang } from '../search/reference';
import { WORDING_BY_LANGUAGE, type Wording } from './wordingByLanguage';
import type { Units } from '../../shared/domain/units';

/**
 * Demo wording in every site's language (`demoWords`): job titles, product nouns, features,
 * sentences. The seven languages of the first sites are written below as functions; the others'
 * wording is data with ICU templates (`wordingByLanguage.ts`, decision 074). A region that writes
 * otherwise than its language's country has its own words on top (`REGIONAL_WORDS`, decision 080).
 */

export const JOB_TITLES: Record<number, Record<Lang, string[]>> = {
  1: t(
    ['Accountant', 'Financial analyst'],
    ['Contable', 'Analista financiero'],
    ['Contabile'],
    ['Comptable'],
    ['Buchhalter'],
    ['Contabilista'],
    ['Boekhouder'],
  ),
  2: t(
    ['Office administrator', 'Receptionist'],
    ['Administrativo', 'Recepcionista'],
    ['Impiegato amministrativo'],
    ['Assistant administratif'],
    ['Bürokaufmann'],
    ['Administrativo'],
    ['Administratief medewerker'],
  ),
  3: t(
    ['Customer service advisor', 'Call centre agent'],
    ['Teleoperador', 'Agente de atención al cliente'],
    ['Operatore call center'],
    ['Conseiller clientèle'],
    ['Kundenberater'],
    ['Operador de call center'],
    ['Klantenservicemedewerker'],
  ),
  4: t(
    ['Primary teacher', 'English teacher'],
    ['Profesor de inglés', 'Maestro de primaria'],
    ['Insegnante'],
    ['Professeur des écoles'],
    ['Lehrer'],
    ['Professor'],
    ['Leraar'],
  ),
  5: t(
    ['Mechanical engineer', 'Civil engineer'],
    ['Ingeniero mecánico', 'Ingeniero civil'],
    ['Ingegnere meccanico'],
    ['Ingénieur mécanique'],
    ['Maschinenbauingenieur'],
    ['Engenheiro mecânico'],
    ['Werktuigbouwkundige'],
  ),
  6: t(
    ['Nurse', 'Care assistant'],
    ['Enfermero', 'Auxiliar de enfermería'],
    ['Infermiere'],
    ['Infirmier'],
    ['Pflegefachkraft'],
    ['Enfermeiro'],
    ['Verpleegkundige'],
  ),
  7: t(
    ['Chef', 'Waiter'],
    ['Camarero', 'Cocinero'],
    ['Cameriere', 'Cuoco'],
    ['Serveur', 'Cuisinier'],
    ['Koch', 'Kellner'],
    ['Empregado de mesa', 'Cozinheiro'],
    ['Kok', 'Bediening'],
  ),
  8: t(
    ['Software developer', 'Data analyst'],
    ['Programador', 'Desarrollador web'],
    ['Sviluppatore software'],
    ['Développeur web'],
    ['Softwareentwickler'],
    ['Programador'],
    ['Softwareontwikkelaar'],
  ),
  9: t(
    ['Delivery driver', 'Warehouse operative'],
    ['Repartidor', 'Mozo de almacén'],
    ['Magazziniere', 'Autista'],
    ['Préparateur de commandes', 'Chauffeur livreur'],
    ['Lagerhelfer', 'Fahrer'],
    ['Motorista', 'Operador de armazém'],
    ['Magazijnmedewerker', 'Chauffeur'],
  ),
  10: t(
    ['Marketing manager', 'Social media executive'],
    ['Responsable de marketing'],
    ['Responsabile marketing'],
    ['Chef de projet marketing'],
    ['Marketing Manager'],
    ['Gestor de marketing'],
    ['Marketingmanager'],
  ),
  11: t(
    ['Sales assistant', 'Store manager'],
    ['Dependiente', 'Encargado de tienda'],
    ['Commesso'],
    ['Vendeur en magasin'],
    ['Verkäufer'],
    ['Operador de loja'],
    ['Verkoopmedewerker'],
  ),
  12: t(
    ['Sales executive', 'Account manager'],
    ['Comercial', 'Gestor de cuentas'],
    ['Agente di commercio'],
    ['Commercial'],
    ['Vertriebsmitarbeiter'],
    ['Comercial'],
    ['Accountmanager'],
  ),
  13: t(
    ['Electrician', 'Site manager'],
    ['Electricista', 'Jefe de obra'],
    ['Elettricista'],
    ['Électricien'],
    ['Elektriker'],
    ['Eletricista'],
    ['Elektricien'],
  ),
  14: t(
    ['HR advisor', 'Recruiter'],
    ['Técnico de recursos humanos'],
    ['Addetto risorse umane'],
    ['Chargé de recrutement'],
    ['Personalreferent'],
    ['Técnico de recursos humanos'],
    ['HR-adviseur'],
  ),
};

export const PRODUCT_NOUNS: Record<number, Record<Lang, string[]>> = {
  101: t(
    ['Sofa', 'Dining table', 'Wardrobe'],
    ['Sofá', 'Mesa de comedor'],
    ['Divano', 'Tavolo'],
    ['Canapé', 'Table'],
    ['Sofa', 'Esstisch'],
    ['Sofá', 'Mesa'],
    ['Bank', 'Eettafel'],
  ),
  102: t(
    ['Road bike', 'Treadmill'],
    ['Bicicleta de carretera', 'Cinta de correr'],
    ['Bici da corsa'],
    ['Vélo de route'],
    ['Rennrad'],
    ['Bicicleta'],
    ['Racefiets'],
  ),
  103: t(
    ['Laptop', 'Television'],
    ['Portátil', 'Televisor'],
    ['Portatile', 'Televisore'],
    ['Ordinateur portable', 'Télévision'],
    ['Laptop', 'Fernseher'],
    ['Portátil', 'Televisão'],
    ['Laptop', 'Televisie'],
  ),
  104: t(
    ['Dog kennel', 'Aquarium'],
    ['Caseta para perro', 'Acuario'],
    ['Cuccia', 'Acquario'],
    ['Niche', 'Aquarium'],
    ['Hundehütte', 'Aquarium'],
    ['Casota', 'Aquário'],
    ['Hondenhok', 'Aquarium'],
  ),
  105: t(['Smartphone'], ['Móvil'], ['Cellulare'], ['Smartphone'], ['Handy'], ['Telemóvel'], ['Smartphone']),
  106: t(
    ['Electric guitar', 'Digital piano'],
    ['Guitarra eléctrica', 'Piano digital'],
    ['Chitarra elettrica'],
    ['Guitare électrique'],
    ['E-Gitarre'],
    ['Guitarra elétrica'],
    ['Elektrische gitaar'],
  ),
  107: t(
    ['Pushchair', 'Cot'],
    ['Carrito de bebé', 'Cuna'],
    ['Passeggino'],
    ['Poussette'],
    ['Kinderwagen'],
    ['Carrinho de bebé'],
    ['Kinderwagen'],
  ),
  108: t(
    ['Camera', 'Lens'],
    ['Cámara', 'Objetivo'],
    ['Fotocamera'],
    ['Appareil photo'],
    ['Kamera'],
    ['Câmara'],
    ['Camera'],
  ),
  109: t(
    ['Vinyl records', 'Stamp collection'],
    ['Discos de vinilo'],
    ['Dischi in vinile'],
    ['Vinyles'],
    ['Schallplatten'],
    ['Discos de vinil'],
    ['Lp-platen'],
  ),
  110: t(
    ['Leather jacket', 'Trainers'],
    ['Chaqueta de cuero', 'Zapatillas'],
    ['Giacca di pelle'],
    ['Veste en cuir'],
    ['Lederjacke'],
    ['Casaco de pele'],
    ['Leren jas'],
  ),
  111: t(
    ['Hair dryer', 'Electric toothbrush'],
    ['Secador de pelo'],
    ['Asciugacapelli'],
    ['Sèche-cheveux'],
    ['Haartrockner'],
    ['Secador de cabelo'],
    ['Föhn'],
  ),
  112: t(
    ['Car roof box', 'Alloy wheels'],
    ['Baca de coche', 'Llantas'],
    ['Box auto', 'Cerchi in lega'],
    ['Coffre de toit'],
    ['Dachbox'],
    ['Jantes'],
    ['Dakkoffer'],
  ),
};

/**
 * Brands by product category, one list per noun of the category's lists (a noun has the same index in
 * every language; a noun without a list of its own, such as a second word for a smartphone, takes the
 * first): a hair dryer is never an Oral-B, nor a treadmill a Trek.
 */
export const PRODUCT_BRANDS: Record<number, readonly (readonly string[])[]> = {
  101: [
    ['IKEA', 'Habitat', 'Kave Home'],
    ['IKEA', 'Kave Home'],
    ['IKEA', 'Habitat'],
  ],
  102: [
    ['Specialized', 'Trek', 'Decathlon'],
    ['Decathlon', 'NordicTrack', 'Technogym'],
  ],
  103: [
    ['Lenovo', 'HP', 'Samsung'],
    ['Samsung', 'LG', 'Sony'],
  ],
  104: [
    ['Trixie', 'Ferplast'],
    ['Ferplast', 'Juwel'],
  ],
  105: [['Apple', 'Samsung', 'Xiaomi']],
  106: [
    ['Fender', 'Gibson', 'Yamaha'],
    ['Yamaha', 'Roland', 'Casio'],
  ],
  107: [
    ['Bugaboo', 'Chicco', 'Cybex'],
    ['IKEA', 'Chicco'],
  ],
  108: [['Canon', 'Nikon', 'Fujifilm']],
  109: [['Vintage']],
  110: [
    ['Levi’s', 'Schott', 'Zara'],
    ['Nike', 'Adidas', 'New Balance'],
  ],
  111: [
    ['Philips', 'Braun', 'Dyson'],
    ['Philips', 'Oral-B'],
  ],
  112: [['Thule'], ['OZ Racing', 'BBS']],
};

export const COMPANIES = [
  'Amazon',
  'DHL',
  'Accenture',
  'Deloitte',
  'IKEA',
  'Carrefour',
  'Siemens',
  'Randstad',
  'Adecco',
  'Decathlon',
  'Lidl',
  'Aldi',
  'Hilton',
  'Marriott',
  'Santander',
  'Nestlé',
  'Unilever',
  'Vodafone',
  'Bosch',
  'Inditex',
  'H&M',
  'IBM',
  'Capgemini',
  'KPMG',
  'PwC',
  'Manpower',
];

export const HOME_FEATURES: Record<Lang, string[]> = {
  en: [
    'garden',
    'terrace',
    'lift',
    'swimming pool',
    'air conditioning',
    'balcony',
    'storage room',
    'fireplace',
    'sea views',
    'close to public transport',
  ],
  es: [
    'jardín',
    'terraza',
    'ascensor',
    'piscina',
    'aire acondicionado',
    'balcón',
    'trastero',
    'chimenea',
    'vistas al mar',
    'cerca del metro',
  ],
  it: [
    'giardino',
    'terrazzo',
    'ascensore',
    'piscina',
    'aria condizionata',
    'balcone',
    'cantina',
    'camino',
    'vista mare',
    'vicino alla metro',
  ],
  fr: [
    'jardin',
    'terrasse',
    'ascenseur',
    'piscine',
    'climatisation',
    'balcon',
    'cave',
    'cheminée',
    'vue mer',
    'proche des transports',
  ],
  de: ['Garten', 'Terrasse', 'Aufzug', 'Pool', 'Klimaanlage', 'Balkon', 'Keller', 'Kamin', 'Meerblick', 'nahe ÖPNV'],
  pt: [
    'jardim',
    'terraço',
    'elevador',
    'piscina',
    'ar condicionado',
    'varanda',
    'arrecadação',
    'lareira',
    'vista mar',
    'perto do metro',
  ],
  nl: ['tuin', 'dakterras', 'lift', 'zwembad', 'airco', 'balkon', 'berging', 'open haard', 'zeezicht', 'dicht bij OV'],
};

export const COLORS: Record<Lang, string[]> = {
  en: ['white', 'black', 'silver', 'grey', 'blue', 'red'],
  es: ['blanco', 'negro', 'plata', 'gris', 'azul', 'rojo'],
  it: ['bianco', 'nero', 'argento', 'grigio', 'blu', 'rosso'],
  fr: ['blanc', 'noir', 'argent', 'gris', 'bleu', 'rouge'],
  de: ['weiß', 'schwarz', 'silber', 'grau', 'blau', 'rot'],
  pt: ['branco', 'preto', 'prata', 'cinzento', 'azul', 'vermelho'],
  nl: ['wit', 'zwart', 'zilver', 'grijs', 'blauw', 'rood'],
};

export type Sentences = {
  home: (p: {
    prop: string;
    /** In the site's unit: square metres, or square feet on an imperial site (only English has one). */
    area: number;
    units: Units;
    rooms: number;
    baths: number;
    city: string;
    features: string;
    source: string;
  }) => string;
  car: (p: {
    make: string;
    model: string;
    year: number;
    /** In the site's unit: kilometres, or miles on an imperial site. */
    km: string;
    units: Units;
    fuel: string;
    gearbox: string;
    doors: number;
    color: string;
    city: string;
  }) => string;
  job: (p: {
    company: string;
    title: string;
    city: string;
    type: string;
    hours: string;
    years: number;
    salary: string;
    remote: boolean;
  }) => string;
  product: (p: { noun: string; brand: string; used: boolean; city: string }) => string;
};

/** English's units: an imperial site's (Britain's, the United States') and every other's (decision 082). */
const areaOf = (area: number, units: Units): string =>
  units === 'imperial' ? `${area.toLocaleString('en')} sq ft` : `${area} m²`;
const distanceUnit = (units: Units): string => (units === 'imperial' ? 'miles' : 'km');

/** The years of experience a job asks, as a sentence: none is "no experience required", one is one. */
const experience: Record<Lang, (years: number) => string> = {
  en: (n) => (n === 0 ? 'No experience required.' : `At least ${count(n, 'year', 'years')} of experience.`),
  es: (n) => (n === 0 ? 'No se requiere experiencia.' : `Experiencia mínima de ${count(n, 'año', 'años')}.`),
  it: (n) => (n === 0 ? 'Non è richiesta esperienza.' : `Esperienza minima ${count(n, 'anno', 'anni')}.`),
  fr: (n) => (n === 0 ? 'Débutants acceptés.' : `${count(n, 'an', 'ans')} d'expérience minimum.`),
  de: (n) =>
    n === 0 ? 'Keine Berufserfahrung erforderlich.' : `Mindestens ${count(n, 'Jahr', 'Jahre')} Berufserfahrung.`,
  pt: (n) => (n === 0 ? 'Não é necessária experiência.' : `Experiência mínima de ${count(n, 'ano', 'anos')}.`),
  nl: (n) => (n === 0 ? 'Geen ervaring vereist.' : `Minimaal ${n} jaar ervaring.`),
};

/** A label that starts a sentence ("Internship, part time."). */
const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** "1 bedroom", "2 bedrooms": the seven languages below put one alone in the singular. */
const count = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

export const SENTENCES: Record<Lang, Sentences> = {
  en: {
    home: (p) =>
      `${p.prop} of ${areaOf(p.area, p.units)} with ${count(p.rooms, 'bedroom', 'bedrooms')} and ${count(p.baths, 'bathroom', 'bathrooms')} in ${p.city}. Features: ${p.features}. Contact ${p.source} to arrange a viewing.`,
    car: (p) =>
      `${p.year} ${p.make} ${p.model}, ${p.km} ${distanceUnit(p.units)}, ${p.fuel}, ${p.gearbox} gearbox, ${p.doors} doors, ${p.color}. Full service history. Located in ${p.city}.`,
    job: (p) =>
      `${p.company} is hiring a ${p.title} in ${p.city}. ${capitalized(p.type)}, ${p.hours}. ${experience.en(p.years)} Salary ${p.salary} a year.${p.remote ? ' Remote work possible.' : ''}`,
    product: (p) =>
      `${p.used ? 'Used' : 'New'} ${p.noun.toLowerCase()} by ${p.brand}, in very good condition. Pick-up in ${p.city}.`,
  },
  es: {
    home: (p) =>
      `${p.prop} de ${p.area} m² con ${count(p.rooms, 'habitación', 'habitaciones')} y ${count(p.baths, 'baño', 'baños')} en ${p.city}. Características: ${p.features}. Contacta con ${p.source} para visitarlo.`,
    car: (p) =>
      `${p.make} ${p.model} de ${p.year}, ${p.km} km, ${p.fuel}, cambio ${p.gearbox}, ${p.doors} puertas, color ${p.color}. Libro de revisiones. En ${p.city}.`,
    job: (p) =>
      `${p.company} busca ${p.title} en ${p.city}. Contrato ${p.type}, ${p.hours}. ${experience.es(p.years)} Salario ${p.salary} al año.${p.remote ? ' Posibilidad de teletrabajo.' : ''}`,
    product: (p) =>
      `${p.noun} ${p.brand} ${p.used ? 'de segunda mano' : 'nuevo'}, en muy buen estado. Recogida en ${p.city}.`,
  },
  it: {
    home: (p) =>
      `${p.prop} di ${p.area} m² con ${count(p.rooms, 'camera', 'camere')} e ${count(p.baths, 'bagno', 'bagni')} a ${p.city}. Caratteristiche: ${p.features}. Contatta ${p.source} per una visita.`,
    car: (p) =>
      `${p.make} ${p.model} del ${p.year}, ${p.km} km, ${p.fuel}, cambio ${p.gearbox}, ${p.doors} porte, colore ${p.color}. Tagliandi certificati. A ${p.city}.`,
    job: (p) =>
      `${p.company} cerca ${p.title} a ${p.city}. Contratto ${p.type}, ${p.hours}. ${experience.it(p.years)} RAL ${p.salary}.${p.remote ? ' Smart working possibile.' : ''}`,
    product: (p) => `${p.noun} ${p.brand} ${p.used ? 'usato' : 'nuovo'}, in ottime condizioni. Ritiro a ${p.city}.`,
  },
  fr: {
    home: (p) =>
      `${p.prop} de ${p.area} m² avec ${count(p.rooms, 'chambre', 'chambres')} et ${count(p.baths, 'salle de bain', 'salles de bain')} à ${p.city}. Atouts : ${p.features}. Contactez ${p.source} pour une visite.`,
    car: (p) =>
      `${p.make} ${p.model} de ${p.year}, ${p.km} km, ${p.fuel}, boîte ${p.gearbox}, ${p.doors} portes, couleur ${p.color}. Carnet d'entretien à jour. À ${p.city}.`,
    job: (p) =>
      `${p.company} recrute un ${p.title} à ${p.city}. Contrat ${p.type}, ${p.hours}. ${experience.fr(p.years)} Salaire ${p.salary} par an.${p.remote ? ' Télétravail possible.' : ''}`,
    product: (p) => `${p.noun} ${p.brand} ${p.used ? "d'occasion" : 'neuf'}, en très bon état. À retirer à ${p.city}.`,
  },
  de: {
    home: (p) =>
      `${p.prop} mit ${p.area} m², ${count(p.rooms, 'Zimmer', 'Zimmern')} und ${count(p.baths, 'Bad', 'Bädern')} in ${p.city}. Ausstattung: ${p.features}. Besichtigung über ${p.source}.`,
    car: (p) =>
      `${p.make} ${p.model}, Baujahr ${p.year}, ${p.km} km, ${p.fuel}, ${p.gearbox}, ${p.doors} Türen, Farbe ${p.color}. Scheckheftgepflegt. Standort ${p.city}.`,
    job: (p) =>
      `${p.company} sucht ${p.title} in ${p.city}. ${p.type}, ${p.hours}. ${experience.de(p.years)} Gehalt ${p.salary} pro Jahr.${p.remote ? ' Homeoffice möglich.' : ''}`,
    product: (p) =>
      `${p.noun} von ${p.brand}, ${p.used ? 'gebraucht' : 'neu'}, sehr guter Zustand. Abholung in ${p.city}.`,
  },
  pt: {
    home: (p) =>
      `${p.prop} de ${p.area} m² com ${count(p.rooms, 'quarto', 'quartos')} e ${count(p.baths, 'casa de banho', 'casas de banho')} em ${p.city}. Características: ${p.features}. Contacte ${p.source} para visitar.`,
    car: (p) =>
      `${p.make} ${p.model} de ${p.year}, ${p.km} km, ${p.fuel}, caixa ${p.gearbox}, ${p.doors} portas, cor ${p.color}. Revisões em dia. Em ${p.city}.`,
    job: (p) =>
      `${p.company} contrata ${p.title} em ${p.city}. Contrato ${p.type}, ${p.hours}. ${experience.pt(p.years)} Salário ${p.salary} por ano.${p.remote ? ' Teletrabalho possível.' : ''}`,
    product: (p) =>
      `${p.noun} ${p.brand} ${p.used ? 'usado' : 'novo'}, em muito bom estado. Levantamento em ${p.city}.`,
  },
  nl: {
    home: (p) =>
      `${p.prop} van ${p.area} m² met ${count(p.rooms, 'slaapkamer', 'slaapkamers')} en ${count(p.baths, 'badkamer', 'badkamers')} in ${p.city}. Kenmerken: ${p.features}. Neem contact op met ${p.source} voor een bezichtiging.`,
    car: (p) =>
      `${p.make} ${p.model} uit ${p.year}, ${p.km} km, ${p.fuel}, ${p.gearbox}, ${p.doors} deuren, kleur ${p.color}. Onderhoudshistorie aanwezig. In ${p.city}.`,
    job: (p) =>
      `${p.company} zoekt een ${p.title} in ${p.city}. ${p.type}, ${p.hours}. ${experience.nl(p.years)} Salaris ${p.salary} per jaar.${p.remote ? ' Thuiswerken mogelijk.' : ''}`,
    product: (p) =>
      `${p.used ? 'Gebruikte' : 'Nieuwe'} ${p.noun.toLowerCase()} van ${p.brand}, in zeer goede staat. Ophalen in ${p.city}.`,
  },
};

function t(
  en: string[],
  es: string[],
  it: string[],
  fr: string[],
  de: string[],
  pt: string[],
  nl: string[],
): Record<Lang, string[]> {
  return { en, es, it, fr, de, pt, nl };
}

/** What a site's demo ads are written with, in its language. */
export interface DemoWords {
  jobTitles: Readonly<Record<number, readonly string[]>>;
  productNouns: Readonly<Record<number, readonly string[]>>;
  homeFeatures: readonly string[];
  colors: readonly string[];
  sentences: Sentences;
  /** A label as it goes inside a sentence: lower case where the script has case ("diesel", "at" stays "AT" in Japanese). */
  lower(text: string): string;
  /** Words listed in a sentence ("garden, lift"; "庭、エレベーター"). */
  list(items: readonly string[]): string;
  /** A home's title: its type and deal (or the deal alone) in its place ("Piso en venta en Madrid"). */
  homeTitle(what: { prop: string; deal: string; dealLabel: string } | string, place: string): string;
}

/** What a region's demo ads write otherwise than its language's country: whole lists, and sentences by name. */
interface RegionalWords {
  readonly jobTitles?: Readonly<Record<number, readonly string[]>>;
  /** By category, each list as long as its language's (a noun's index picks its brands, `PRODUCT_BRANDS`). */
  readonly productNouns?: Readonly<Record<number, readonly string[]>>;
  readonly homeFeatures?: readonly string[];
  readonly colors?: readonly string[];
  readonly sentences?: Partial<Sentences>;
}

/** "a" or "an" before a word, by its sound's first letter as far as a job title needs. */
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/**
 * The regions' own words (decision 080), over their base's spelled their way (`regional`: no ß in
 * Switzerland). Spanish-American and Colombian titles take their labels' words too ("Departamento en
 * venta", "Apartamento en arriendo"), from the search service's regional labels.
 */
const REGIONAL_WORDS: Readonly<Partial<Record<RegionId, RegionalWords>>> = {
  // Brazil: banheiro, câmbio, celular, cinza, "entre em contato", retirada, home office.
  'pt-BR': {
    jobTitles: {
      1: ['Contador'],
      2: ['Auxiliar administrativo'],
      3: ['Operador de telemarketing'],
      7: ['Garçom', 'Cozinheiro'],
      9: ['Motorista', 'Auxiliar de logística'],
      10: ['Gerente de marketing'],
      11: ['Vendedor de loja'],
      12: ['Representante comercial'],
      14: ['Analista de recursos humanos'],
    },
    productNouns: {
      103: ['Notebook', 'Televisão'],
      104: ['Casinha de cachorro', 'Aquário'],
      105: ['Celular'],
      107: ['Carrinho de bebê'],
      108: ['Câmera'],
      110: ['Jaqueta de couro'],
      112: ['Bagageiro de teto', 'Rodas de liga leve'],
    },
    homeFeatures: [
      'jardim',
      'terraço',
      'elevador',
      'piscina',
      'ar-condicionado',
      'varanda',
      'depósito',
      'lareira',
      'vista para o mar',
      'perto do metrô',
    ],
    colors: ['branco', 'preto', 'prata', 'cinza', 'azul', 'vermelho'],
    sentences: {
      home: (p) =>
        `${p.prop} de ${p.area} m² com ${count(p.rooms, 'quarto', 'quartos')} e ${count(p.baths, 'banheiro', 'banheiros')} em ${p.city}. Características: ${p.features}. Entre em contato com ${p.source} para agendar uma visita.`,
      car: (p) =>
        `${p.make} ${p.model} ${p.year}, ${p.km} km, ${p.fuel}, câmbio ${p.gearbox}, ${p.doors} portas, cor ${p.color}. Revisões em dia. Em ${p.city}.`,
      job: (p) =>
        `${p.company} contrata ${p.title} em ${p.city}. Contrato ${p.type}, ${p.hours}. ${experience.pt(p.years)} Salário de ${p.salary} por ano.${p.remote ? ' Possibilidade de home office.' : ''}`,
      product: (p) => `${p.noun} ${p.brand} ${p.used ? 'usado' : 'novo'}, em ótimo estado. Retirada em ${p.city}.`,
    },
  },
  // Latin America: mesero, celular, elevador, bodega, transmisión, sueldo, "contacta a", entrega.
  'es-419': {
    jobTitles: {
      1: ['Contador', 'Analista financiero'],
      2: ['Auxiliar administrativo', 'Recepcionista'],
      3: ['Agente de call center', 'Agente de atención al cliente'],
      7: ['Mesero', 'Cocinero'],
      9: ['Repartidor', 'Auxiliar de bodega'],
      10: ['Gerente de marketing'],
      11: ['Vendedor de tienda', 'Gerente de tienda'],
      12: ['Ejecutivo de ventas', 'Ejecutivo de cuentas'],
      14: ['Analista de recursos humanos'],
    },
    productNouns: {
      102: ['Bicicleta de ruta', 'Caminadora'],
      103: ['Laptop', 'Televisor'],
      104: ['Casa para perro', 'Acuario'],
      105: ['Celular'],
      107: ['Carriola', 'Cuna'],
      108: ['Cámara', 'Lente'],
      110: ['Chaqueta de cuero', 'Tenis'],
      111: ['Secadora de cabello'],
      112: ['Portaequipaje de techo', 'Rines'],
    },
    homeFeatures: [
      'jardín',
      'terraza',
      'elevador',
      'piscina',
      'aire acondicionado',
      'balcón',
      'bodega',
      'chimenea',
      'vista al mar',
      'cerca del metro',
    ],
    sentences: {
      home: (p) =>
        `${p.prop} de ${p.area} m² con ${count(p.rooms, 'habitación', 'habitaciones')} y ${count(p.baths, 'baño', 'baños')} en ${p.city}. Características: ${p.features}. Contacta a ${p.source} para agendar una visita.`,
      car: (p) =>
        `${p.make} ${p.model} ${p.year}, ${p.km} km, ${p.fuel}, transmisión ${p.gearbox}, ${p.doors} puertas, color ${p.color}. Servicios al día. En ${p.city}.`,
      job: (p) =>
        `${p.company} busca ${p.title} en ${p.city}. Contrato ${p.type}, ${p.hours}. ${experience.es(p.years)} Sueldo de ${p.salary} al año.${p.remote ? ' Posibilidad de trabajo remoto.' : ''}`,
      product: (p) => `${p.noun} ${p.brand} ${p.used ? 'usado' : 'nuevo'}, en muy buen estado. Entrega en ${p.city}.`,
    },
  },
  // The United States: elevator, yard, stroller, sneakers, gray, transmission, "schedule a showing".
  'en-US': {
    jobTitles: {
      3: ['Customer service representative', 'Call center agent'],
      4: ['Grade school teacher', 'English teacher'],
      6: ['Nurse', 'Nursing assistant'],
      9: ['Delivery driver', 'Warehouse associate'],
      11: ['Sales associate', 'Store manager'],
      12: ['Sales representative', 'Account manager'],
      13: ['Electrician', 'Construction manager'],
      14: ['Human resources specialist', 'Recruiter'],
    },
    productNouns: {
      107: ['Stroller', 'Crib'],
      110: ['Leather jacket', 'Sneakers'],
      112: ['Rooftop cargo box', 'Alloy wheels'],
    },
    homeFeatures: [
      'yard',
      'patio',
      'elevator',
      'swimming pool',
      'air conditioning',
      'balcony',
      'storage room',
      'fireplace',
      'ocean views',
      'close to public transit',
    ],
    colors: ['white', 'black', 'silver', 'gray', 'blue', 'red'],
    sentences: {
      home: (p) =>
        `${p.prop} of ${areaOf(p.area, p.units)} with ${count(p.rooms, 'bedroom', 'bedrooms')} and ${count(p.baths, 'bathroom', 'bathrooms')} in ${p.city}. Features: ${p.features}. Contact ${p.source} to schedule a showing.`,
      car: (p) =>
        `${p.year} ${p.make} ${p.model}, ${p.km} ${distanceUnit(p.units)}, ${p.fuel}, ${p.gearbox} transmission, ${p.doors} doors, ${p.color}. Full service records. Located in ${p.city}.`,
      job: (p) =>
        `${p.company} is hiring ${article(p.title)} ${p.title} in ${p.city}. ${capitalized(p.type)}, ${p.hours}. ${experience.en(p.years)} Salary ${p.salary} a year.${p.remote ? ' Remote work possible.' : ''}`,
      product: (p) =>
        `${p.used ? 'Used' : 'New'} ${p.noun.toLowerCase()} by ${p.brand}, in very good condition. Pickup in ${p.city}.`,
    },
  },
  // Switzerland: Lift, Cheminée, Seesicht (its views are of lakes), ÖV, Jahrgang, Lohn; and no ß.
  'de-CH': {
    homeFeatures: [
      'Garten',
      'Terrasse',
      'Lift',
      'Pool',
      'Klimaanlage',
      'Balkon',
      'Keller',
      'Cheminée',
      'Seesicht',
      'nahe ÖV',
    ],
    sentences: {
      car: (p) =>
        `${p.make} ${p.model}, Jahrgang ${p.year}, ${p.km} km, ${p.fuel}, ${p.gearbox}, ${p.doors} Türen, Farbe ${p.color}. Servicegepflegt. Standort ${p.city}.`,
      job: (p) =>
        `${p.company} sucht ${p.title} in ${p.city}. ${p.type}, ${p.hours}. ${experience.de(p.years)} Lohn ${p.salary} pro Jahr.${p.remote ? ' Homeoffice möglich.' : ''}`,
    },
  },
};

const demoWordsByCatalogue = new Map<CatalogueId, DemoWords>();

/**
 * The wording of a site's demo ads, in the site's language, or its region's (`catalogueOf`): its
 * language's spelled the region's way, with the region's own words on top.
 */
export function demoWords(wording: CatalogueId): DemoWords {
  let words = demoWordsByCatalogue.get(wording);
  if (!words) {
    words = regional(wording, languageWords, (region, base) => withRegionalWords(base, REGIONAL_WORDS[region]));
    demoWordsByCatalogue.set(wording, words);
  }
  return words;
}

function languageWords(lang: SiteLang): DemoWords {
  return lang in SENTENCES ? writtenWords(lang as Lang) : templateWords(lang, WORDING_BY_LANGUAGE[lang as never]);
}

function withRegionalWords(base: DemoWords, own: RegionalWords | undefined): DemoWords {
  if (!own) return base;
  return {
    ...base,
    jobTitles: { ...base.jobTitles, ...own.jobTitles },
    productNouns: { ...base.productNouns, ...own.productNouns },
    homeFeatures: own.homeFeatures ?? base.homeFeatures,
    colors: own.colors ?? base.colors,
    sentences: { ...base.sentences, ...own.sentences },
  };
}

function writtenWords(lang: Lang): DemoWords {
  const byCategory = (table: Record<number, Record<Lang, string[]>>) =>
    Object.fromEntries(Object.entries(table).map(([id, words]) => [id, words[lang]]));
  return {
    jobTitles: byCategory(JOB_TITLES),
    productNouns: byCategory(PRODUCT_NOUNS),
    homeFeatures: HOME_FEATURES[lang],
    colors: COLORS[lang],
    sentences: SENTENCES[lang],
    // German writes its nouns (a job's title, a contract, a fuel) capitalised inside a sentence too.
    lower: lang === 'de' ? (text) => text : (text) => text.toLowerCase(),
    list: (items) => items.join(', '),
    homeTitle: (what, place) => inPlace(lang, typeof what === 'string' ? what : `${what.prop} ${what.deal}`, place),
  };
}

/** Languages whose script has no case: a label's Latin letters ("AT", "LPG") stay as written. */
const UNCASED = new Set<SiteLang>(['ar', 'ja', 'th', 'zh']);
const LIST_SEPARATOR: Partial<Record<SiteLang, string>> = { ja: '、', zh: '、', ar: '، ' };

/**
 * A label as it reads inside a sentence: its words in lower case but its abbreviations, written in
 * capitals ("Dohoda (DPP, DPČ)" → "dohoda (DPP, DPČ)", "LPG" stays).
 */
function lowerWords(text: string, lang: SiteLang): string {
  return text.replace(/\p{L}+/gu, (word) =>
    word.length > 1 && word === word.toLocaleUpperCase(lang) ? word : word.toLocaleLowerCase(lang),
  );
}

/** Wording given as data: its sentences are ICU messages in the site's language (plural forms, selects). */
function templateWords(lang: SiteLang, wording: Wording): DemoWords {
  const intl = createIntl({ locale: lang, messages: wording.templates });
  const say = (id: keyof Wording['templates'], values: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  // Numbers come written the English way ("45,000", "60 000"): written again as the language writes them.
  const numbers = new Intl.NumberFormat(lang);
  const local = (n: string) => numbers.format(Number(n.replace(/\D/g, '')));
  const lower = (text: string) => (UNCASED.has(lang) ? text : lowerWords(text, lang));
  return {
    jobTitles: wording.jobTitles,
    productNouns: wording.productNouns,
    homeFeatures: wording.homeFeatures,
    colors: wording.colors,
    sentences: {
      home: (p) => say('home', p),
      car: (p) => say('car', { ...p, km: local(p.km) }),
      job: (p) => say('job', { ...p, salary: local(p.salary), remote: p.remote ? 'yes' : 'no' }),
      // `nounInText`: the noun as it reads after another word ("Ferplast akvaryum").
      product: (p) => say('product', { ...p, nounInText: lower(p.noun), used: p.used ? 'yes' : 'no' }),
    },
    lower,
    list: (items) => items.join(LIST_SEPARATOR[lang] ?? ', '),
    homeTitle: (what, place) => inPlace(lang, typeof what === 'string' ? what : say('homeTitle', what), place),
  };
}
