import { featureCatalogue } from '../featureCatalogue';

/** Texts of the click-out flow: the intermediate popup and the redirect overlay. */
export const clickoutMessages = featureCatalogue({
  en: { 'modal.close': 'Close', 'clickout.redirecting': 'Taking you to the ad…' },
  es: { 'modal.close': 'Cerrar', 'clickout.redirecting': 'Te llevamos al anuncio…' },
  it: { 'modal.close': 'Chiudi', 'clickout.redirecting': "Ti portiamo all'annuncio…" },
  fr: { 'modal.close': 'Fermer', 'clickout.redirecting': "Nous vous emmenons vers l'annonce…" },
  de: { 'modal.close': 'Schließen', 'clickout.redirecting': 'Wir bringen Sie zur Anzeige…' },
  pt: { 'modal.close': 'Fechar', 'clickout.redirecting': 'A levá-lo para o anúncio…' },
  nl: { 'modal.close': 'Sluiten', 'clickout.redirecting': 'We brengen u naar de advertentie…' },
});
