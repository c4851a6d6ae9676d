import { featureCatalogue } from '../featureCatalogue';

/** Texts of the click-out flow: the intermediate popup and the redirect overlay. */
export const clickoutMessages = featureCatalogue({
  en: {
    'clickout.seeAd': 'See the ad',
    'sources.searching': '{count, plural, one {Searching # partner site…} other {Searching # partner sites…}}',
    'modal.close': 'Close',
    'clickout.redirecting': 'Taking you to the ad…',
  },
  es: {
    'clickout.seeAd': 'Ver el anuncio',
    'sources.searching': '{count, plural, one {Buscando en # web…} other {Buscando en # webs…}}',
    'modal.close': 'Cerrar',
    'clickout.redirecting': 'Te llevamos al anuncio…',
  },
  it: {
    'clickout.seeAd': "Vedi l'annuncio",
    'sources.searching': '{count, plural, one {Cerchiamo in # sito…} other {Cerchiamo in # siti…}}',
    'modal.close': 'Chiudi',
    'clickout.redirecting': "Ti portiamo all'annuncio…",
  },
  fr: {
    'clickout.seeAd': "Voir l'annonce",
    'sources.searching': '{count, plural, one {Recherche sur # site…} other {Recherche sur # sites…}}',
    'modal.close': 'Fermer',
    'clickout.redirecting': "Nous vous emmenons vers l'annonce…",
  },
  de: {
    'clickout.seeAd': 'Anzeige ansehen',
    'sources.searching': '{count, plural, one {Suche auf # Partnerseite…} other {Suche auf # Partnerseiten…}}',
    'modal.close': 'Schließen',
    'clickout.redirecting': 'Wir bringen Sie zur Anzeige…',
  },
  pt: {
    'clickout.seeAd': 'Ver o anúncio',
    'sources.searching': '{count, plural, one {A pesquisar em # site…} other {A pesquisar em # sites…}}',
    'modal.close': 'Fechar',
    'clickout.redirecting': 'A levá-lo para o anúncio…',
  },
  nl: {
    'clickout.seeAd': 'Bekijk de advertentie',
    'sources.searching': '{count, plural, one {Zoeken op # site…} other {Zoeken op # sites…}}',
    'modal.close': 'Sluiten',
    'clickout.redirecting': 'We brengen u naar de advertentie…',
  },
});
