import { languageOf, type Language } from '../../shared/i18n/featureCatalogue';
import { inPlace } from '../../shared/i18n/inPlace';
import { catalogueOf, overlaid, regional, type CatalogueId, type RegionId } from '../../shared/i18n/regions';

/**
 * Texts of alert e-mails, pushes and the unsubscribe page in every site's language, and region where
 * it writes otherwise (decision 080); any other language falls back to English (product-spec §5:
 * "falls back to en"). `{name}` placeholders.
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
  pushTitleOne: string;
  pushTitleMany: string;
  unsubscribeTitle: string;
  unsubscribeConfirm: string;
  unsubscribeButton: string;
  unsubscribeDone: string;
  linkInvalid: string;
}

export type AlertLang = Language;

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
    pushTitleOne: '1 nieuwe advertentie voor {search}',
    pushTitleMany: '{count} nieuwe advertenties voor {search}',
    unsubscribeTitle: 'Afmelden',
    unsubscribeConfirm: 'Geen e-mails meer ontvangen voor de melding "{search}"?',
    unsubscribeButton: 'Afmelden',
    unsubscribeDone: 'Je ontvangt geen e-mails meer voor de melding "{search}".',
    linkInvalid: 'Deze link is niet meer geldig. Open het meldingenbeheer vanuit een recente e-mail.',
  },
  ar: {
    subjectOne: 'إعلان جديد عن {search}',
    subjectMany: 'إعلانات جديدة عن {search} ({count})',
    intro: 'إعلانات جديدة تطابق تنبيهك «{search}»:',
    seeAll: 'عرض كل النتائج',
    manage: 'إدارة تنبيهاتك',
    unsubscribe: 'إلغاء الاشتراك في هذا التنبيه',
    footer: 'وصلتك هذه الرسالة لأنك حفظت تنبيهًا على {site}.',
    priceOnRequest: 'السعر عند الطلب',
    allAds: 'كل الإعلانات',
    pushTitleOne: 'إعلان جديد عن {search}',
    pushTitleMany: 'إعلانات جديدة عن {search} ({count})',
    unsubscribeTitle: 'إلغاء الاشتراك',
    unsubscribeConfirm: 'هل تريد التوقف عن تلقي رسائل التنبيه «{search}»؟',
    unsubscribeButton: 'إلغاء الاشتراك',
    unsubscribeDone: 'لن تصلك بعد الآن رسائل التنبيه «{search}».',
    linkInvalid: 'هذا الرابط لم يعد صالحًا. افتح إدارة التنبيهات من رسالة حديثة.',
  },
  cs: {
    subjectOne: '1 nový inzerát: {search}',
    subjectMany: 'Nové inzeráty ({count}): {search}',
    intro: 'Nové inzeráty pro vašeho hlídacího psa „{search}“:',
    seeAll: 'Zobrazit všechny výsledky',
    manage: 'Spravovat hlídací psy',
    unsubscribe: 'Zrušit tohoto hlídacího psa',
    footer: 'Tento e-mail dostáváte, protože máte na {site} nastaveného hlídacího psa.',
    priceOnRequest: 'Cena na dotaz',
    allAds: 'Všechny inzeráty',
    pushTitleOne: '1 nový inzerát: {search}',
    pushTitleMany: 'Nové inzeráty ({count}): {search}',
    unsubscribeTitle: 'Odhlášení',
    unsubscribeConfirm: 'Přestat dostávat e-maily od hlídacího psa „{search}“?',
    unsubscribeButton: 'Odhlásit',
    unsubscribeDone: 'E-maily od hlídacího psa „{search}“ vám už nebudou chodit.',
    linkInvalid: 'Tento odkaz už neplatí. Správu hlídacích psů otevřete z některého z posledních e-mailů.',
  },
  da: {
    subjectOne: '1 ny annonce for {search}',
    subjectMany: '{count} nye annoncer for {search}',
    intro: 'Nye annoncer, der matcher din søgeagent »{search}«:',
    seeAll: 'Se alle resultater',
    manage: 'Administrer dine søgeagenter',
    unsubscribe: 'Afmeld denne søgeagent',
    footer: 'Du modtager denne e-mail, fordi du har oprettet en søgeagent på {site}.',
    priceOnRequest: 'Pris på forespørgsel',
    allAds: 'Alle annoncer',
    pushTitleOne: '1 ny annonce for {search}',
    pushTitleMany: '{count} nye annoncer for {search}',
    unsubscribeTitle: 'Afmeld søgeagent',
    unsubscribeConfirm: 'Vil du stoppe e-mails fra søgeagenten »{search}«?',
    unsubscribeButton: 'Afmeld',
    unsubscribeDone: 'Du modtager ikke længere e-mails fra søgeagenten »{search}«.',
    linkInvalid: 'Linket er ikke længere gyldigt. Åbn dine søgeagenter via linket i en nyere e-mail.',
  },
  hu: {
    subjectOne: '1 új hirdetés: {search}',
    subjectMany: '{count} új hirdetés: {search}',
    intro: 'Új hirdetések ehhez az értesítődhöz: „{search}”',
    seeAll: 'Összes találat megtekintése',
    manage: 'Értesítők kezelése',
    unsubscribe: 'Leiratkozás erről az értesítőről',
    footer: 'Azért kapod ezt az e-mailt, mert értesítőt állítottál be itt: {site}.',
    priceOnRequest: 'Ár kérésre',
    allAds: 'Összes hirdetés',
    pushTitleOne: '1 új hirdetés: {search}',
    pushTitleMany: '{count} új hirdetés: {search}',
    unsubscribeTitle: 'Leiratkozás',
    unsubscribeConfirm: 'Nem kérsz több e-mailt erről az értesítőről: „{search}”?',
    unsubscribeButton: 'Leiratkozás',
    unsubscribeDone: 'Nem küldünk több e-mailt erről az értesítőről: „{search}”.',
    linkInvalid: 'Ez a link már nem érvényes. Az értesítőidet egy friss e-mailből nyithatod meg.',
  },
  id: {
    subjectOne: '1 iklan baru untuk {search}',
    subjectMany: '{count} iklan baru untuk {search}',
    intro: 'Iklan baru yang cocok dengan notifikasi “{search}” Anda:',
    seeAll: 'Lihat semua hasil',
    manage: 'Kelola notifikasi',
    unsubscribe: 'Berhenti berlangganan notifikasi ini',
    footer: 'Anda menerima email ini karena menyimpan notifikasi di {site}.',
    priceOnRequest: 'Hubungi untuk harga',
    allAds: 'Semua iklan',
    pushTitleOne: '1 iklan baru untuk {search}',
    pushTitleMany: '{count} iklan baru untuk {search}',
    unsubscribeTitle: 'Berhenti berlangganan',
    unsubscribeConfirm: 'Berhenti menerima email untuk notifikasi “{search}”?',
    unsubscribeButton: 'Berhenti berlangganan',
    unsubscribeDone: 'Anda tidak akan lagi menerima email untuk notifikasi “{search}”.',
    linkInvalid: 'Tautan ini sudah tidak berlaku. Buka pengelola notifikasi dari email terbaru.',
  },
  ja: {
    subjectOne: '「{search}」の新着情報が1件あります',
    subjectMany: '「{search}」の新着情報が{count}件あります',
    intro: '新着通知「{search}」の条件に合う新着情報です：',
    seeAll: 'すべての結果を見る',
    manage: '新着通知の管理',
    unsubscribe: 'この新着通知の配信を停止',
    footer: 'このメールは、{site}で新着通知を登録された方にお送りしています。',
    priceOnRequest: '価格応談',
    allAds: 'すべての掲載',
    pushTitleOne: '「{search}」の新着1件',
    pushTitleMany: '「{search}」の新着{count}件',
    unsubscribeTitle: '配信停止',
    unsubscribeConfirm: '新着通知「{search}」のメール配信を停止しますか？',
    unsubscribeButton: '配信を停止する',
    unsubscribeDone: '新着通知「{search}」のメール配信を停止しました。',
    linkInvalid: 'このリンクは無効になりました。最近の通知メールから新着通知の管理ページを開いてください。',
  },
  nb: {
    subjectOne: '1 ny annonse for {search}',
    subjectMany: '{count} nye annonser for {search}',
    intro: 'Nye annonser for varselet ditt «{search}»:',
    seeAll: 'Se alle treff',
    manage: 'Administrer varsler',
    unsubscribe: 'Meld deg av dette varselet',
    footer: 'Du får denne e-posten fordi du har lagret et varsel på {site}.',
    priceOnRequest: 'Pris på forespørsel',
    allAds: 'Alle annonser',
    pushTitleOne: '1 ny annonse for {search}',
    pushTitleMany: '{count} nye annonser for {search}',
    unsubscribeTitle: 'Meld deg av',
    unsubscribeConfirm: 'Vil du slutte å få e-poster for varselet «{search}»?',
    unsubscribeButton: 'Meld meg av',
    unsubscribeDone: 'Du får ikke lenger e-poster for varselet «{search}».',
    linkInvalid: 'Denne lenken er ikke lenger gyldig. Åpne varseloversikten fra en nylig e-post.',
  },
  pl: {
    subjectOne: '1 nowe ogłoszenie: {search}',
    subjectMany: 'Nowe ogłoszenia ({count}): {search}',
    intro: 'Nowe ogłoszenia pasujące do Twojego alertu „{search}”:',
    seeAll: 'Zobacz wszystkie wyniki',
    manage: 'Zarządzaj alertami',
    unsubscribe: 'Zrezygnuj z tego alertu',
    footer: 'Otrzymujesz tę wiadomość, ponieważ masz zapisany alert w serwisie {site}.',
    priceOnRequest: 'Zapytaj o cenę',
    allAds: 'Wszystkie ogłoszenia',
    pushTitleOne: '1 nowe ogłoszenie: {search}',
    pushTitleMany: 'Nowe ogłoszenia ({count}): {search}',
    unsubscribeTitle: 'Rezygnacja z alertu',
    unsubscribeConfirm: 'Zrezygnować z e-maili z alertu „{search}”?',
    unsubscribeButton: 'Zrezygnuj',
    unsubscribeDone: 'Nie będziesz już otrzymywać e-maili z alertu „{search}”.',
    linkInvalid: 'Ten link jest już nieaktualny. Otwórz zarządzanie alertami z najnowszego e-maila.',
  },
  ro: {
    subjectOne: '1 anunț nou pentru {search}',
    subjectMany: 'Anunțuri noi pentru {search} ({count})',
    intro: 'Anunțuri noi pentru alerta ta „{search}”:',
    seeAll: 'Vezi toate rezultatele',
    manage: 'Gestionează alertele',
    unsubscribe: 'Dezabonează-te de la această alertă',
    footer: 'Primești acest e-mail pentru că ai salvat o alertă pe {site}.',
    priceOnRequest: 'Preț la cerere',
    allAds: 'Toate anunțurile',
    pushTitleOne: '1 anunț nou pentru {search}',
    pushTitleMany: 'Anunțuri noi pentru {search} ({count})',
    unsubscribeTitle: 'Dezabonare',
    unsubscribeConfirm: 'Nu mai vrei să primești e-mailuri pentru alerta „{search}”?',
    unsubscribeButton: 'Dezabonează-mă',
    unsubscribeDone: 'Nu vei mai primi e-mailuri pentru alerta „{search}”.',
    linkInvalid: 'Acest link nu mai este valid. Deschide gestionarea alertelor dintr-un e-mail recent.',
  },
  ru: {
    subjectOne: '1 новое объявление по запросу «{search}»',
    subjectMany: 'Новые объявления по запросу «{search}»: {count}',
    intro: 'Новые объявления по вашей подписке «{search}»:',
    seeAll: 'Смотреть все результаты',
    manage: 'Управление подписками',
    unsubscribe: 'Отписаться от этой подписки',
    footer: 'Вы получили это письмо, потому что подписались на поиск на сайте {site}.',
    priceOnRequest: 'Цена по запросу',
    allAds: 'Все объявления',
    pushTitleOne: '1 новое объявление по запросу «{search}»',
    pushTitleMany: 'Новые объявления по запросу «{search}»: {count}',
    unsubscribeTitle: 'Отписка',
    unsubscribeConfirm: 'Больше не получать письма по подписке «{search}»?',
    unsubscribeButton: 'Отписаться',
    unsubscribeDone: 'Вы больше не будете получать письма по подписке «{search}».',
    linkInvalid: 'Эта ссылка больше не действует. Откройте управление подписками из недавнего письма.',
  },
  sv: {
    subjectOne: '1 ny annons för {search}',
    subjectMany: '{count} nya annonser för {search}',
    intro: 'Nya annonser som matchar din bevakning ”{search}”:',
    seeAll: 'Visa alla resultat',
    manage: 'Hantera dina bevakningar',
    unsubscribe: 'Avsluta den här bevakningen',
    footer: 'Du får det här mejlet eftersom du har sparat en bevakning på {site}.',
    priceOnRequest: 'Pris på begäran',
    allAds: 'Alla annonser',
    pushTitleOne: '1 ny annons för {search}',
    pushTitleMany: '{count} nya annonser för {search}',
    unsubscribeTitle: 'Avsluta bevakning',
    unsubscribeConfirm: 'Vill du sluta få mejl från bevakningen ”{search}”?',
    unsubscribeButton: 'Avsluta',
    unsubscribeDone: 'Du får inte längre mejl från bevakningen ”{search}”.',
    linkInvalid: 'Länken är inte längre giltig. Öppna dina bevakningar via länken i ett nyare mejl.',
  },
  th: {
    subjectOne: 'ประกาศใหม่ 1 รายการสำหรับ {search}',
    subjectMany: 'ประกาศใหม่ {count} รายการสำหรับ {search}',
    intro: 'ประกาศใหม่ที่ตรงกับการแจ้งเตือน “{search}” ของคุณ:',
    seeAll: 'ดูผลลัพธ์ทั้งหมด',
    manage: 'จัดการการแจ้งเตือน',
    unsubscribe: 'ยกเลิกการแจ้งเตือนนี้',
    footer: 'คุณได้รับอีเมลนี้เนื่องจากคุณตั้งการแจ้งเตือนไว้บน {site}',
    priceOnRequest: 'สอบถามราคา',
    allAds: 'ประกาศทั้งหมด',
    pushTitleOne: 'ประกาศใหม่ 1 รายการสำหรับ {search}',
    pushTitleMany: 'ประกาศใหม่ {count} รายการสำหรับ {search}',
    unsubscribeTitle: 'ยกเลิกการรับอีเมล',
    unsubscribeConfirm: 'หยุดรับอีเมลของการแจ้งเตือน “{search}” ใช่ไหม',
    unsubscribeButton: 'ยกเลิกการรับ',
    unsubscribeDone: 'คุณจะไม่ได้รับอีเมลของการแจ้งเตือน “{search}” อีก',
    linkInvalid: 'ลิงก์นี้ใช้ไม่ได้แล้ว กรุณาเปิดหน้าจัดการการแจ้งเตือนจากอีเมลฉบับล่าสุด',
  },
  tr: {
    subjectOne: '{search} için 1 yeni ilan',
    subjectMany: '{search} için {count} yeni ilan',
    intro: '“{search}” alarmınıza uyan yeni ilanlar:',
    seeAll: 'Tüm sonuçları gör',
    manage: 'Alarmlarınızı yönetin',
    unsubscribe: 'Bu alarmın aboneliğinden çık',
    footer: 'Bu e-postayı {site} üzerinde bir alarm kaydettiğiniz için alıyorsunuz.',
    priceOnRequest: 'Fiyat sorunuz',
    allAds: 'Tüm ilanlar',
    pushTitleOne: '{search} için 1 yeni ilan',
    pushTitleMany: '{search} için {count} yeni ilan',
    unsubscribeTitle: 'Abonelikten çık',
    unsubscribeConfirm: '“{search}” alarmının e-postaları artık gelmesin mi?',
    unsubscribeButton: 'Abonelikten çık',
    unsubscribeDone: '“{search}” alarmı için artık e-posta almayacaksınız.',
    linkInvalid: 'Bu bağlantı artık geçerli değil. Alarm yönetimini yeni bir e-postadan açın.',
  },
  uk: {
    subjectOne: '1 нове оголошення за запитом «{search}»',
    subjectMany: 'Нові оголошення за запитом «{search}»: {count}',
    intro: 'Нові оголошення за вашою підпискою «{search}»:',
    seeAll: 'Переглянути всі результати',
    manage: 'Керування підписками',
    unsubscribe: 'Відписатися від цієї підписки',
    footer: 'Ви отримали цей лист, бо підписалися на пошук на сайті {site}.',
    priceOnRequest: 'Ціна за запитом',
    allAds: 'Усі оголошення',
    pushTitleOne: '1 нове оголошення за запитом «{search}»',
    pushTitleMany: 'Нові оголошення за запитом «{search}»: {count}',
    unsubscribeTitle: 'Відписка',
    unsubscribeConfirm: 'Більше не отримувати листи за підпискою «{search}»?',
    unsubscribeButton: 'Відписатися',
    unsubscribeDone: 'Ви більше не отримуватимете листи за підпискою «{search}».',
    linkInvalid: 'Це посилання вже недійсне. Відкрийте керування підписками з нещодавнього листа.',
  },
  vi: {
    subjectOne: '1 tin mới cho {search}',
    subjectMany: '{count} tin mới cho {search}',
    intro: 'Tin mới phù hợp với thông báo “{search}” của bạn:',
    seeAll: 'Xem tất cả kết quả',
    manage: 'Quản lý thông báo',
    unsubscribe: 'Hủy thông báo này',
    footer: 'Bạn nhận được email này vì đã tạo thông báo trên {site}.',
    priceOnRequest: 'Giá thỏa thuận',
    allAds: 'Tất cả tin đăng',
    pushTitleOne: '1 tin mới cho {search}',
    pushTitleMany: '{count} tin mới cho {search}',
    unsubscribeTitle: 'Hủy đăng ký',
    unsubscribeConfirm: 'Ngừng nhận email cho thông báo “{search}”?',
    unsubscribeButton: 'Hủy đăng ký',
    unsubscribeDone: 'Bạn sẽ không nhận email cho thông báo “{search}” nữa.',
    linkInvalid: 'Liên kết này không còn hợp lệ. Hãy mở trang quản lý thông báo từ một email gần đây.',
  },
  zh: {
    subjectOne: '「{search}」有 1 則新廣告',
    subjectMany: '「{search}」有 {count} 則新廣告',
    intro: '符合您的通知「{search}」的新廣告：',
    seeAll: '查看所有結果',
    manage: '管理通知',
    unsubscribe: '取消訂閱此通知',
    footer: '您收到這封信，是因為您在 {site} 訂閱了通知。',
    priceOnRequest: '價格面議',
    allAds: '所有廣告',
    pushTitleOne: '「{search}」有 1 則新廣告',
    pushTitleMany: '「{search}」有 {count} 則新廣告',
    unsubscribeTitle: '取消訂閱',
    unsubscribeConfirm: '要停止接收「{search}」的通知信嗎？',
    unsubscribeButton: '取消訂閱',
    unsubscribeDone: '您將不會再收到「{search}」的通知信。',
    linkInvalid: '此連結已失效。請從最近的通知信開啟通知管理頁面。',
  },
};

/**
 * What a region's alert mails write otherwise than its language's country's, over those spelled the
 * region's way (`regional`: "email" in the United States, no ß in Switzerland), as the region's
 * catalogue writes the alerts' pages. Spain's mails need nothing else in Latin America (tú, "guardaste"),
 * nor Britain's in the United States but its spelling, nor Germany's in Switzerland.
 */
const REGIONAL: Readonly<Partial<Record<RegionId, Partial<AlertMessages>>>> = {
  // Brazil: você, no article before a possessive, gerenciar, salvar, inscrição, "não … mais".
  'pt-BR': {
    intro: 'Novos anúncios para seu alerta "{search}":',
    manage: 'Gerenciar seus alertas',
    footer: 'Você recebe este e-mail porque salvou um alerta em {site}.',
    unsubscribeTitle: 'Cancelar inscrição',
    unsubscribeConfirm: 'Parar de receber e-mails do alerta "{search}"?',
    unsubscribeButton: 'Cancelar inscrição',
    unsubscribeDone: 'Você não vai mais receber e-mails do alerta "{search}".',
    linkInvalid: 'Este link não é mais válido. Abra o gerenciamento de alertas em um e-mail recente.',
  },
};

const messagesByCatalogue = new Map<CatalogueId, AlertMessages>();

export function langOfLocale(locale: string): AlertLang {
  return languageOf(locale);
}

/** The alert texts of a locale: its language's, or its region's (`catalogueOf`). */
export function messagesFor(locale: string): AlertMessages {
  const id = catalogueOf(locale);
  let messages = messagesByCatalogue.get(id);
  if (!messages) {
    messages = regional(id, (language) => CATALOGUE[language], overlaid(REGIONAL));
    messagesByCatalogue.set(id, messages);
  }
  return messages;
}

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

/** The alert's name in mails: "flat in London", "flat", "All ads in London". */
export function searchLabel(locale: string, what: string, where: string): string {
  const m = messagesFor(locale);
  const w = what.trim();
  const p = where.trim();
  if (w && p) return inPlace(langOfLocale(locale), w, p);
  if (w) return w;
  return p ? inPlace(langOfLocale(locale), m.allAds, p) : m.allAds;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
