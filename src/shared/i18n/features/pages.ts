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
  ar: {
    'home.description':
      '{vertical} في {country}: ابحث في إعلانات مئات المواقع من مكان واحد، مع تنبيهات بالإعلانات الجديدة.',
    'home.generalDescription': 'عقارات وسيارات ووظائف وأكثر في {country}: بحث واحد في إعلانات مئات المواقع.',
  },
  cs: {
    'home.description':
      '{vertical} – {country}: prohledejte inzeráty ze stovek webů na jednom místě a nechte si hlídat nové.',
    'home.generalDescription':
      '{country}: nemovitosti, auta, práce a další. Jedno hledání v inzerátech ze stovek webů.',
  },
  da: {
    'home.description':
      '{vertical} i {country}: søg i annoncerne fra hundredvis af hjemmesider ét sted, og få besked om nye med en søgeagent.',
    'home.generalDescription':
      'Boliger, biler, job og meget mere i {country}: én søgning i annoncerne fra hundredvis af hjemmesider.',
  },
  hu: {
    'home.description':
      '{vertical} {country} egész területén: keress egy helyen több száz oldal hirdetései között, és kapj értesítést az újakról.',
    'home.generalDescription':
      'Ingatlan, autó, állás és még sok más {country} egész területén: egyetlen keresés több száz oldal hirdetései között.',
  },
  id: {
    'home.description':
      '{vertical} di {country}: cari iklan dari ratusan situs di satu tempat, lengkap dengan notifikasi iklan baru.',
    'home.generalDescription':
      'Properti, mobil, lowongan kerja, dan lainnya di {country}: satu pencarian untuk iklan dari ratusan situs.',
  },
  ja: {
    'home.description': '{country}の{vertical}を、数百のサイトからまとめて検索。新着情報のお知らせも受け取れます。',
    'home.generalDescription': '{country}の不動産・車・求人などを、数百のサイトの掲載情報からまとめて検索。',
  },
  nb: {
    'home.description':
      '{vertical} i {country}: søk i annonser fra hundrevis av nettsteder på ett sted, og få varsel om nye.',
    'home.generalDescription':
      'Bolig, bil, jobb og mye mer i {country}: ett søk i annonser fra hundrevis av nettsteder.',
  },
  pl: {
    'home.description':
      '{vertical} – {country}: przeszukaj ogłoszenia z setek serwisów w jednym miejscu i ustaw alerty o nowych.',
    'home.generalDescription':
      '{country}: nieruchomości, samochody, praca i nie tylko. Jedno wyszukiwanie w ogłoszeniach z setek serwisów.',
  },
  ro: {
    'home.description':
      '{vertical} în {country}: caută în anunțurile a sute de site-uri dintr-un singur loc și primește alerte pentru cele noi.',
    'home.generalDescription':
      'Imobiliare, mașini, locuri de muncă și multe altele în {country}: o singură căutare în anunțurile a sute de site-uri.',
  },
  ru: {
    'home.description':
      '{vertical} — {country}: ищите среди объявлений сотен сайтов в одном месте и получайте уведомления о новых.',
    'home.generalDescription':
      '{country}: недвижимость, авто, работа и многое другое. Один поиск по объявлениям сотен сайтов.',
  },
  sv: {
    'home.description':
      '{vertical} i {country}: sök bland annonserna från hundratals sajter på ett och samma ställe, och bevaka nya annonser.',
    'home.generalDescription':
      'Bostäder, bilar, jobb och mycket mer i {country}: en sökning bland annonserna från hundratals sajter.',
  },
  th: {
    'home.description': '{vertical}ใน{country}: ค้นหาประกาศจากหลายร้อยเว็บไซต์ได้ในที่เดียว พร้อมแจ้งเตือนเมื่อมีประกาศใหม่',
    'home.generalDescription': 'บ้าน รถยนต์ งาน และอื่นๆ ใน{country}: ค้นหาครั้งเดียว ครอบคลุมประกาศจากหลายร้อยเว็บไซต์',
  },
  tr: {
    'home.description':
      '{country} genelinde {vertical} ilanları: yüzlerce sitenin ilanlarını tek yerden arayın, yeni ilanlardan alarmla haberdar olun.',
    'home.generalDescription':
      '{country} genelinde emlak, otomobil, iş ve daha fazlası: yüzlerce sitenin ilanlarında tek arama.',
  },
  uk: {
    'home.description':
      '{vertical} — {country}: шукайте серед оголошень сотень сайтів в одному місці й отримуйте сповіщення про нові.',
    'home.generalDescription':
      '{country}: нерухомість, авто, робота та багато іншого. Один пошук серед оголошень сотень сайтів.',
  },
  vi: {
    'home.description':
      '{vertical} tại {country}: tìm tin đăng của hàng trăm trang web ở cùng một nơi, kèm thông báo khi có tin mới.',
    'home.generalDescription':
      'Nhà đất, ô tô, việc làm và nhiều hơn nữa tại {country}: một lần tìm kiếm trên tin đăng của hàng trăm trang web.',
  },
  zh: {
    'home.description': '{country}的{vertical}：在同一個地方搜尋數百個網站的廣告，有新廣告還會通知您。',
    'home.generalDescription': '{country}的房屋、汽車、工作等：一次搜尋數百個網站的廣告。',
  },
});
