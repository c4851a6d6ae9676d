import { featureCatalogue } from '../featureCatalogue';

/** Texts of the cookie banner. */
export const consentMessages = featureCatalogue({
  en: {
    'consent.label': 'Cookies',
    'consent.text': 'We use cookies to measure how Trawl is used and to show ads that may interest you.',
    'consent.moreInfo': 'Read our cookie policy',
    'consent.agree': 'Agree',
    'consent.disagree': 'Disagree',
  },
  es: {
    'consent.label': 'Cookies',
    'consent.text': 'Usamos cookies para medir cómo se usa Trawl y para mostrarte anuncios que te puedan interesar.',
    'consent.moreInfo': 'Lee nuestra política de cookies',
    'consent.agree': 'Aceptar',
    'consent.disagree': 'Rechazar',
  },
  it: {
    'consent.label': 'Cookie',
    'consent.text':
      'Usiamo i cookie per misurare come viene usato Trawl e per mostrarti annunci che potrebbero interessarti.',
    'consent.moreInfo': 'Leggi la nostra cookie policy',
    'consent.agree': 'Accetto',
    'consent.disagree': 'Rifiuto',
  },
  fr: {
    'consent.label': 'Cookies',
    'consent.text':
      "Nous utilisons des cookies pour mesurer l'usage de Trawl et vous montrer des publicités susceptibles de vous intéresser.",
    'consent.moreInfo': 'Lire notre politique de cookies',
    'consent.agree': 'Accepter',
    'consent.disagree': 'Refuser',
  },
  de: {
    'consent.label': 'Cookies',
    'consent.text': 'Wir verwenden Cookies, um die Nutzung von Trawl zu messen und Ihnen passende Werbung zu zeigen.',
    'consent.moreInfo': 'Unsere Cookie-Richtlinie lesen',
    'consent.agree': 'Zustimmen',
    'consent.disagree': 'Ablehnen',
  },
  pt: {
    'consent.label': 'Cookies',
    'consent.text': 'Usamos cookies para medir a utilização da Trawl e mostrar anúncios que lhe possam interessar.',
    'consent.moreInfo': 'Ler a nossa política de cookies',
    'consent.agree': 'Aceitar',
    'consent.disagree': 'Recusar',
  },
  nl: {
    'consent.label': 'Cookies',
    'consent.text':
      'We gebruiken cookies om te meten hoe Trawl wordt gebruikt en om advertenties te tonen die u kunnen interesseren.',
    'consent.moreInfo': 'Lees ons cookiebeleid',
    'consent.agree': 'Akkoord',
    'consent.disagree': 'Niet akkoord',
  },
});
