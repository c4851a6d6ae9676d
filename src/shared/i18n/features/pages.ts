import { featureCatalogue } from '../featureCatalogue';

/** Descriptions of the home pages, for search engines and link previews. */
export const pagesMessages = featureCatalogue({
  en: {
    'home.description':
      '{vertical} in {country}: search the ads of hundreds of sites in one place, with alerts for new ones.',
    'home.generalDescription':
      'Homes, cars, jobs and more in {country}: one search across the ads of hundreds of sites.',
  },
  es: {
    'home.description':
      '{vertical} en {country}: busca en los anuncios de cientos de webs a la vez y recibe alertas de los nuevos.',
    'home.generalDescription':
      'Casas, coches, empleo y más en {country}: una búsqueda en los anuncios de cientos de webs.',
  },
  it: {
    'home.description':
      '{vertical} in {country}: cerca tra gli annunci di centinaia di siti in un solo posto, con avvisi per i nuovi.',
    'home.generalDescription':
      'Case, auto, lavoro e altro in {country}: una sola ricerca tra gli annunci di centinaia di siti.',
  },
  fr: {
    'home.description':
      '{vertical} en {country} : cherchez parmi les annonces de centaines de sites, avec des alertes pour les nouvelles.',
    'home.generalDescription':
      'Immobilier, voitures, emploi et plus en {country} : une seule recherche parmi les annonces de centaines de sites.',
  },
  de: {
    'home.description':
      '{vertical} in {country}: Anzeigen von Hunderten Websites an einem Ort durchsuchen, mit Suchaufträgen für neue.',
    'home.generalDescription':
      'Immobilien, Autos, Jobs und mehr in {country}: eine Suche über die Anzeigen von Hunderten Websites.',
  },
  pt: {
    'home.description':
      '{vertical} em {country}: pesquise os anúncios de centenas de sites num só lugar, com alertas para os novos.',
    'home.generalDescription':
      'Imóveis, carros, empregos e mais em {country}: uma pesquisa nos anúncios de centenas de sites.',
  },
  nl: {
    'home.description':
      '{vertical} in {country}: zoek in de advertenties van honderden sites op één plek, met meldingen voor nieuwe.',
    'home.generalDescription':
      "Woningen, auto's, vacatures en meer in {country}: één zoekopdracht in de advertenties van honderden sites.",
  },
});
