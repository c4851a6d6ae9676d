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
  ar: {
    'clickout.seeAd': 'عرض الإعلان',
    'sources.searching':
      '{count, plural, zero {جارٍ البحث…} one {جارٍ البحث في موقع شريك واحد…} two {جارٍ البحث في موقعين شريكين…} few {جارٍ البحث في # مواقع شريكة…} many {جارٍ البحث في # موقعًا شريكًا…} other {جارٍ البحث في # موقع شريك…}}',
    'modal.close': 'إغلاق',
    'clickout.redirecting': 'جارٍ نقلك إلى الإعلان…',
  },
  cs: {
    'clickout.seeAd': 'Zobrazit inzerát',
    'sources.searching':
      '{count, plural, one {Prohledáváme # partnerský web…} few {Prohledáváme # partnerské weby…} many {Prohledáváme # partnerského webu…} other {Prohledáváme # partnerských webů…}}',
    'modal.close': 'Zavřít',
    'clickout.redirecting': 'Přesměrováváme vás na inzerát…',
  },
  da: {
    'clickout.seeAd': 'Se annoncen',
    'sources.searching': '{count, plural, one {Søger på # partnerside…} other {Søger på # partnersider…}}',
    'modal.close': 'Luk',
    'clickout.redirecting': 'Sender dig videre til annoncen…',
  },
  hu: {
    'clickout.seeAd': 'Hirdetés megtekintése',
    'sources.searching': '{count, plural, one {Keresés # partneroldalon…} other {Keresés # partneroldalon…}}',
    'modal.close': 'Bezárás',
    'clickout.redirecting': 'Átirányítás a hirdetéshez…',
  },
  id: {
    'clickout.seeAd': 'Lihat iklan',
    'sources.searching': '{count, plural, other {Mencari di # situs mitra…}}',
    'modal.close': 'Tutup',
    'clickout.redirecting': 'Mengarahkan Anda ke iklan…',
  },
  ja: {
    'clickout.seeAd': '詳細を見る',
    'sources.searching': '{count, plural, other {提携サイト#件を検索中…}}',
    'modal.close': '閉じる',
    'clickout.redirecting': '掲載ページへ移動しています…',
  },
  nb: {
    'clickout.seeAd': 'Se annonsen',
    'sources.searching': '{count, plural, one {Søker i # partnerside…} other {Søker i # partnersider…}}',
    'modal.close': 'Lukk',
    'clickout.redirecting': 'Sender deg til annonsen…',
  },
  pl: {
    'clickout.seeAd': 'Zobacz ogłoszenie',
    'sources.searching':
      '{count, plural, one {Przeszukujemy # serwis partnerski…} few {Przeszukujemy # serwisy partnerskie…} many {Przeszukujemy # serwisów partnerskich…} other {Przeszukujemy # serwisu partnerskiego…}}',
    'modal.close': 'Zamknij',
    'clickout.redirecting': 'Przekierowujemy do ogłoszenia…',
  },
  ro: {
    'clickout.seeAd': 'Vezi anunțul',
    'sources.searching':
      '{count, plural, one {Căutăm pe # site partener…} few {Căutăm pe # site-uri partenere…} other {Căutăm pe # de site-uri partenere…}}',
    'modal.close': 'Închide',
    'clickout.redirecting': 'Te ducem la anunț…',
  },
  ru: {
    'clickout.seeAd': 'Смотреть объявление',
    'sources.searching':
      '{count, plural, one {Ищем на # сайте-партнёре…} few {Ищем на # сайтах-партнёрах…} many {Ищем на # сайтах-партнёрах…} other {Ищем на # сайтах-партнёрах…}}',
    'modal.close': 'Закрыть',
    'clickout.redirecting': 'Переходим к объявлению…',
  },
  sv: {
    'clickout.seeAd': 'Se annonsen',
    'sources.searching': '{count, plural, one {Söker på # partnersajt…} other {Söker på # partnersajter…}}',
    'modal.close': 'Stäng',
    'clickout.redirecting': 'Tar dig till annonsen…',
  },
  th: {
    'clickout.seeAd': 'ดูประกาศ',
    'sources.searching': '{count, plural, other {กำลังค้นหาจาก # เว็บไซต์พันธมิตร…}}',
    'modal.close': 'ปิด',
    'clickout.redirecting': 'กำลังพาคุณไปยังประกาศ…',
  },
  tr: {
    'clickout.seeAd': 'İlanı gör',
    'sources.searching': '{count, plural, one {# iş ortağı sitede aranıyor…} other {# iş ortağı sitede aranıyor…}}',
    'modal.close': 'Kapat',
    'clickout.redirecting': 'İlana yönlendiriliyorsunuz…',
  },
  uk: {
    'clickout.seeAd': 'Переглянути оголошення',
    'sources.searching':
      '{count, plural, one {Шукаємо на # сайті-партнері…} few {Шукаємо на # сайтах-партнерах…} many {Шукаємо на # сайтах-партнерах…} other {Шукаємо на # сайтах-партнерах…}}',
    'modal.close': 'Закрити',
    'clickout.redirecting': 'Переходимо до оголошення…',
  },
  vi: {
    'clickout.seeAd': 'Xem tin',
    'sources.searching': '{count, plural, other {Đang tìm trên # trang đối tác…}}',
    'modal.close': 'Đóng',
    'clickout.redirecting': 'Đang chuyển bạn đến tin đăng…',
  },
  zh: {
    'clickout.seeAd': '查看廣告',
    'sources.searching': '{count, plural, other {正在搜尋 # 個合作網站…}}',
    'modal.close': '關閉',
    'clickout.redirecting': '正在前往廣告頁面…',
  },
});
