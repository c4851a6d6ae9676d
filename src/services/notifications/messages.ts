/**
 * Texts of alert e-mails, pushes and the unsubscribe page: English and a
 * catalogue for es, it, fr, de, pt, nl; every other language falls back to
 * English (product-spec §5: "falls back to en"). `{name}` placeholders.
 */
export interface AlertMessages {
  subjectOne: string;
  subjectMany: string;
  intro: string;
  seeAll: string;
  manage: string;
  unsubscribe: string;
  footer: string;
  priceOnRequest: string;
  allAds: string;
  in: string;
  pushTitleOne: string;
  pushTitleMany: string;
  unsubscribeTitle: string;
  unsubscribeConfirm: string;
  unsubscribeButton: string;
  unsubscribeDone: string;
  linkInvalid: string;
}

export type AlertLang = 'en' | 'es' | 'it' | 'fr' | 'de' | 'pt' | 'nl';

const en: AlertMessages = {
  subjectOne: '1 new ad for {search}',
  subjectMany: '{count} new ads for {search}',
  intro: 'New ads matching your alert "{search}":',
  seeAll: 'See all results',
  manage: 'Manage your alerts',
  unsubscribe: 'Unsubscribe from this alert',
  footer: 'You receive this e-mail because you saved an alert on {site}.',
  priceOnRequest: 'Price on request',
  allAds: 'All ads',
  in: 'in',
  pushTitleOne: '1 new ad for {search}',
  pushTitleMany: '{count} new ads for {search}',
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeConfirm: 'Stop receiving e-mails for the alert "{search}"?',
  unsubscribeButton: 'Unsubscribe',
  unsubscribeDone: 'You will no longer receive e-mails for the alert "{search}".',
  linkInvalid: 'This link is not valid any more. Open the alerts manager from a recent e-mail.',
};

const CATALOGUE: Record<AlertLang, AlertMessages> = {
  en,
  es: {
    subjectOne: '1 anuncio nuevo para {search}',
    subjectMany: '{count} anuncios nuevos para {search}',
    intro: 'Nuevos anuncios para tu alerta "{search}":',
    seeAll: 'Ver todos los resultados',
    manage: 'Gestionar tus alertas',
    unsubscribe: 'Darse de baja de esta alerta',
    footer: 'Recibes este correo porque guardaste una alerta en {site}.',
    priceOnRequest: 'Precio a consultar',
    allAds: 'Todos los anuncios',
    in: 'en',
    pushTitleOne: '1 anuncio nuevo para {search}',
    pushTitleMany: '{count} anuncios nuevos para {search}',
    unsubscribeTitle: 'Darse de baja',
    unsubscribeConfirm: '¿Dejar de recibir correos de la alerta "{search}"?',
    unsubscribeButton: 'Darse de baja',
    unsubscribeDone: 'Ya no recibirás correos de la alerta "{search}".',
    linkInvalid: 'Este enlace ya no es válido. Abre el gestor de alertas desde un correo reciente.',
  },
  it: {
    subjectOne: '1 nuovo annuncio per {search}',
    subjectMany: '{count} nuovi annunci per {search}',
    intro: 'Nuovi annunci per il tuo avviso "{search}":',
    seeAll: 'Vedi tutti i risultati',
    manage: 'Gestisci i tuoi avvisi',
    unsubscribe: 'Annulla questo avviso',
    footer: 'Ricevi questa e-mail perché hai salvato un avviso su {site}.',
    priceOnRequest: 'Prezzo su richiesta',
    allAds: 'Tutti gli annunci',
    in: 'a',
    pushTitleOne: '1 nuovo annuncio per {search}',
    pushTitleMany: '{count} nuovi annunci per {search}',
    unsubscribeTitle: 'Annulla iscrizione',
    unsubscribeConfirm: 'Non ricevere più e-mail per l\'avviso "{search}"?',
    unsubscribeButton: 'Annulla iscrizione',
    unsubscribeDone: 'Non riceverai più e-mail per l\'avviso "{search}".',
    linkInvalid: 'Questo link non è più valido. Apri la gestione degli avvisi da una e-mail recente.',
  },
  fr: {
    subjectOne: '1 nouvelle annonce pour {search}',
    subjectMany: '{count} nouvelles annonces pour {search}',
    intro: 'Nouvelles annonces pour votre alerte « {search} » :',
    seeAll: 'Voir tous les résultats',
    manage: 'Gérer vos alertes',
    unsubscribe: 'Se désabonner de cette alerte',
    footer: 'Vous recevez cet e-mail car vous avez enregistré une alerte sur {site}.',
    priceOnRequest: 'Prix sur demande',
    allAds: 'Toutes les annonces',
    in: 'à',
    pushTitleOne: '1 nouvelle annonce pour {search}',
    pushTitleMany: '{count} nouvelles annonces pour {search}',
    unsubscribeTitle: 'Se désabonner',
    unsubscribeConfirm: "Ne plus recevoir d'e-mails pour l'alerte « {search} » ?",
    unsubscribeButton: 'Se désabonner',
    unsubscribeDone: "Vous ne recevrez plus d'e-mails pour l'alerte « {search} ».",
    linkInvalid: "Ce lien n'est plus valide. Ouvrez le gestionnaire d'alertes depuis un e-mail récent.",
  },
  de: {
    subjectOne: '1 neue Anzeige für {search}',
    subjectMany: '{count} neue Anzeigen für {search}',
    intro: 'Neue Anzeigen für Ihren Suchauftrag „{search}“:',
    seeAll: 'Alle Ergebnisse ansehen',
    manage: 'Suchaufträge verwalten',
    unsubscribe: 'Diesen Suchauftrag abbestellen',
    footer: 'Sie erhalten diese E-Mail, weil Sie auf {site} einen Suchauftrag gespeichert haben.',
    priceOnRequest: 'Preis auf Anfrage',
    allAds: 'Alle Anzeigen',
    in: 'in',
    pushTitleOne: '1 neue Anzeige für {search}',
    pushTitleMany: '{count} neue Anzeigen für {search}',
    unsubscribeTitle: 'Abbestellen',
    unsubscribeConfirm: 'Keine E-Mails mehr für den Suchauftrag „{search}“ erhalten?',
    unsubscribeButton: 'Abbestellen',
    unsubscribeDone: 'Sie erhalten keine E-Mails mehr für den Suchauftrag „{search}“.',
    linkInvalid: 'Dieser Link ist nicht mehr gültig. Öffnen Sie die Verwaltung aus einer neueren E-Mail.',
  },
  pt: {
    subjectOne: '1 anúncio novo para {search}',
    subjectMany: '{count} anúncios novos para {search}',
    intro: 'Novos anúncios para o seu alerta "{search}":',
    seeAll: 'Ver todos os resultados',
    manage: 'Gerir os seus alertas',
    unsubscribe: 'Cancelar este alerta',
    footer: 'Recebe este e-mail porque guardou um alerta em {site}.',
    priceOnRequest: 'Preço sob consulta',
    allAds: 'Todos os anúncios',
    in: 'em',
    pushTitleOne: '1 anúncio novo para {search}',
    pushTitleMany: '{count} anúncios novos para {search}',
    unsubscribeTitle: 'Cancelar subscrição',
    unsubscribeConfirm: 'Deixar de receber e-mails do alerta "{search}"?',
    unsubscribeButton: 'Cancelar subscrição',
    unsubscribeDone: 'Já não vai receber e-mails do alerta "{search}".',
    linkInvalid: 'Este link já não é válido. Abra a gestão de alertas a partir de um e-mail recente.',
  },
  nl: {
    subjectOne: '1 nieuwe advertentie voor {search}',
    subjectMany: '{count} nieuwe advertenties voor {search}',
    intro: 'Nieuwe advertenties voor je zoekopdracht "{search}":',
    seeAll: 'Bekijk alle resultaten',
    manage: 'Je meldingen beheren',
    unsubscribe: 'Afmelden voor deze melding',
    footer: 'Je ontvangt deze e-mail omdat je een melding hebt opgeslagen op {site}.',
    priceOnRequest: 'Prijs op aanvraag',
    allAds: 'Alle advertenties',
    in: 'in',
    pushTitleOne: '1 nieuwe advertentie voor {search}',
    pushTitleMany: '{count} nieuwe advertenties voor {search}',
    unsubscribeTitle: 'Afmelden',
    unsubscribeConfirm: 'Geen e-mails meer ontvangen voor de melding "{search}"?',
    unsubscribeButton: 'Afmelden',
    unsubscribeDone: 'Je ontvangt geen e-mails meer voor de melding "{search}".',
    linkInvalid: 'Deze link is niet meer geldig. Open het meldingenbeheer vanuit een recente e-mail.',
  },
};

export function langOfLocale(locale: string): AlertLang {
  const lang = locale.split('-')[0]?.toLowerCase() ?? 'en';
  return lang in CATALOGUE ? (lang as AlertLang) : 'en';
}

export function messagesFor(locale: string): AlertMessages {
  return CATALOGUE[langOfLocale(locale)];
}

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

/** The alert's name in mails: "flat in London", "flat", "All ads in London". */
export function searchLabel(locale: string, what: string, where: string): string {
  const m = messagesFor(locale);
  const w = what.trim();
  const p = where.trim();
  if (w && p) return `${w} ${m.in} ${p}`;
  if (w) return w;
  return p ? `${m.allAds} ${m.in} ${p}` : m.allAds;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
