import type { RegionId } from '../../shared/i18n/regions';
import type { ListName } from './referenceLabels';

/**
 * The reference values' labels a region writes otherwise than its language's country (decision 080),
 * by list and value; every other label of a region is its base's, spelled its way (`regional` in
 * src/shared/i18n/regions.ts: Swiss labels have no ß). They name the facets, the filters' values (the
 * catalogue's `ref.*` messages), an ad's facts, the SEO links and the demo ads' titles.
 */
export const REGIONAL_LABELS: Readonly<
  Partial<Record<RegionId, Partial<Record<ListName, Readonly<Record<string, string>>>>>>
> = {
  // Brazil: alugar and aluguel, banheiro's words (as ZAP and VivaReal list them: casa, sobrado, cobertura,
  // kitnet, sala comercial, galpão, chácara, vaga de garagem), and a car's as Webmotors writes them.
  'pt-BR': {
    DEAL_TYPES: {
      '2': 'Para alugar',
      '3': 'Aluguel de temporada',
      '4': 'Aluguel no campo',
      '5': 'Quarto compartilhado',
      '6': 'Vaga de garagem para alugar',
      '7': 'Vaga de garagem à venda',
      '8': 'Sala comercial para alugar',
      '9': 'Sala comercial à venda',
      '11': 'Passa-se o ponto',
      '12': 'Loja para alugar',
      '14': 'Galpão para alugar',
      '15': 'Galpão à venda',
      '16': 'Venda no exterior',
      '17': 'Aluguel temporário',
      '18': 'Leilão não divulgado',
    },
    PROPERTY_TYPES: {
      house: 'Casa',
      studio: 'Kitnet',
      penthouse: 'Cobertura',
      villa: 'Sobrado',
      cottage: 'Chácara',
      garage: 'Vaga de garagem',
      office: 'Sala comercial',
      warehouse: 'Galpão',
    },
    PRODUCT_CATEGORIES: {
      '102': 'Artigos esportivos',
      '103': 'Eletrônicos',
      '105': 'Celulares',
      '107': 'Artigos infantis',
      '109': 'Colecionáveis',
    },
    CAR_TYPES: {
      hatchback: 'Hatch',
      saloon: 'Sedã',
      estate: 'Perua',
      coupe: 'Cupê',
      convertible: 'Conversível',
      mpv: 'Minivan',
      pickup: 'Picape',
    },
    FUELS: { diesel: 'Diesel', lpg: 'GLP' },
    CONDITIONS: { 'to-renovate': 'Para reformar' },
    JOB_CATEGORIES: { '3': 'Atendimento ao cliente', '11': 'Varejo', '13': 'Construção civil' },
    WORKING_HOURS: { 'full-time': 'Tempo integral', 'part-time': 'Meio período' },
  },
  // Latin America: departamento, estacionamiento, bodega, a car's sedán and a job's pasantía, where Spain
  // says piso, garaje, nave, berlina and prácticas.
  'es-419': {
    DEAL_TYPES: {
      '5': 'Departamento compartido',
      '6': 'Estacionamiento en alquiler',
      '7': 'Estacionamiento en venta',
      '14': 'Bodega en alquiler',
      '15': 'Bodega en venta',
    },
    PROPERTY_TYPES: {
      flat: 'Departamento',
      penthouse: 'Penthouse',
      villa: 'Quinta',
      cottage: 'Casa de campo',
      garage: 'Estacionamiento',
      warehouse: 'Bodega',
    },
    PRODUCT_CATEGORIES: {
      '102': 'Artículos deportivos',
      '105': 'Celulares',
      '109': 'Coleccionables',
      '112': 'Repuestos y accesorios',
    },
    CAR_TYPES: {
      hatchback: 'Hatchback',
      saloon: 'Sedán',
      estate: 'Station wagon',
      convertible: 'Convertible',
      mpv: 'Minivan',
      van: 'Van',
    },
    CONDITIONS: { 'to-renovate': 'A remodelar' },
    JOB_CATEGORIES: { '6': 'Salud', '7': 'Hotelería' },
    JOB_TYPES: {
      permanent: 'Permanente',
      contract: 'Por proyecto',
      internship: 'Pasantía',
      freelance: 'Independiente',
    },
    WORKING_HOURS: { 'full-time': 'Tiempo completo', 'part-time': 'Medio tiempo' },
  },
  // Colombia's and Venezuela's flats are apartamentos; Colombia parks in a parqueadero (fincaraiz, metrocuadrado).
  'es-CO': {
    DEAL_TYPES: {
      '5': 'Apartamento compartido',
      '6': 'Parqueadero en arriendo',
      '7': 'Parqueadero en venta',
    },
    PROPERTY_TYPES: { flat: 'Apartamento', garage: 'Parqueadero' },
  },
  'es-VE': {
    DEAL_TYPES: { '5': 'Apartamento compartido' },
    PROPERTY_TYPES: { flat: 'Apartamento' },
  },
  // The United States: apartment, sedan, station wagon, gasoline, fixer-upper.
  'en-US': {
    DEAL_TYPES: {
      '3': 'Vacation rental',
      '5': 'Shared apartment',
      '11': 'Business for sale',
      '12': 'Retail space for rent',
      '13': 'Retail space for sale',
      '14': 'Industrial space for rent',
      '15': 'Industrial space for sale',
      '17': 'Short-term rental',
    },
    PROPERTY_TYPES: { flat: 'Apartment', shop: 'Retail space' },
    PRODUCT_CATEGORIES: { '105': 'Cell phones', '109': 'Collectibles' },
    CAR_TYPES: { saloon: 'Sedan', estate: 'Station wagon', coupe: 'Coupe', mpv: 'Minivan', pickup: 'Pickup truck' },
    FUELS: { petrol: 'Gasoline' },
    CONDITIONS: { 'to-renovate': 'Fixer-upper' },
  },
  // Switzerland parks in a Parkplatz (as its filter says), besides writing no ß.
  'de-CH': {
    DEAL_TYPES: { '6': 'Parkplatz zu vermieten', '7': 'Parkplatz zu verkaufen' },
  },
};
