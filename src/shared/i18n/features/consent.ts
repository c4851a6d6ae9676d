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
  ar: {
    'consent.label': 'ملفات تعريف الارتباط',
    'consent.text': 'نستخدم ملفات تعريف الارتباط لقياس استخدام Trawl ولعرض إعلانات قد تهمّك.',
    'consent.moreInfo': 'اقرأ سياسة ملفات تعريف الارتباط',
    'consent.agree': 'موافق',
    'consent.disagree': 'غير موافق',
  },
  cs: {
    'consent.label': 'Cookies',
    'consent.text':
      'Soubory cookie používáme k měření návštěvnosti webu Trawl a k zobrazování reklam, které by vás mohly zajímat.',
    'consent.moreInfo': 'Přečtěte si zásady cookies',
    'consent.agree': 'Souhlasím',
    'consent.disagree': 'Nesouhlasím',
  },
  da: {
    'consent.label': 'Cookies',
    'consent.text':
      'Vi bruger cookies til at måle, hvordan Trawl bliver brugt, og til at vise reklamer, der kan interessere dig.',
    'consent.moreInfo': 'Læs vores cookiepolitik',
    'consent.agree': 'Accepter',
    'consent.disagree': 'Afvis',
  },
  hu: {
    'consent.label': 'Sütik',
    'consent.text':
      'Sütiket használunk, hogy mérjük a Trawl használatát, és számodra érdekes reklámokat jelenítsünk meg.',
    'consent.moreInfo': 'Olvasd el a süti-tájékoztatónkat',
    'consent.agree': 'Elfogadom',
    'consent.disagree': 'Elutasítom',
  },
  id: {
    'consent.label': 'Cookie',
    'consent.text':
      'Kami menggunakan cookie untuk mengukur penggunaan Trawl dan menampilkan iklan yang mungkin menarik bagi Anda.',
    'consent.moreInfo': 'Baca kebijakan cookie kami',
    'consent.agree': 'Setuju',
    'consent.disagree': 'Tolak',
  },
  ja: {
    'consent.label': 'Cookie',
    'consent.text': 'Trawlでは、利用状況の分析と、お客様の興味に合った広告の表示のためにCookieを使用しています。',
    'consent.moreInfo': 'Cookieポリシーを見る',
    'consent.agree': '同意する',
    'consent.disagree': '同意しない',
  },
  nb: {
    'consent.label': 'Informasjonskapsler',
    'consent.text':
      'Vi bruker informasjonskapsler for å måle hvordan Trawl brukes, og for å vise deg reklame som kan interessere deg.',
    'consent.moreInfo': 'Les om hvordan vi bruker informasjonskapsler',
    'consent.agree': 'Godta',
    'consent.disagree': 'Avvis',
  },
  pl: {
    'consent.label': 'Pliki cookie',
    'consent.text':
      'Używamy plików cookie, aby sprawdzać, jak korzystasz z Trawl, i wyświetlać reklamy, które mogą Cię zainteresować.',
    'consent.moreInfo': 'Przeczytaj politykę cookies',
    'consent.agree': 'Akceptuję',
    'consent.disagree': 'Odrzucam',
  },
  ro: {
    'consent.label': 'Cookie-uri',
    'consent.text':
      'Folosim cookie-uri ca să măsurăm cum este folosit Trawl și ca să îți arătăm reclame care te-ar putea interesa.',
    'consent.moreInfo': 'Citește politica de cookie-uri',
    'consent.agree': 'Accept',
    'consent.disagree': 'Refuz',
  },
  ru: {
    'consent.label': 'Файлы cookie',
    'consent.text':
      'Мы используем файлы cookie, чтобы понимать, как пользуются Trawl, и показывать рекламу, которая может быть вам интересна.',
    'consent.moreInfo': 'Подробнее о cookie',
    'consent.agree': 'Принять',
    'consent.disagree': 'Отклонить',
  },
  sv: {
    'consent.label': 'Cookies',
    'consent.text':
      'Vi använder cookies för att mäta hur Trawl används och för att visa reklam som kan intressera dig.',
    'consent.moreInfo': 'Läs vår cookiepolicy',
    'consent.agree': 'Godkänn',
    'consent.disagree': 'Neka',
  },
  th: {
    'consent.label': 'คุกกี้',
    'consent.text': 'เราใช้คุกกี้เพื่อวัดการใช้งาน Trawl และแสดงโฆษณาที่คุณอาจสนใจ',
    'consent.moreInfo': 'อ่านนโยบายคุกกี้',
    'consent.agree': 'ยอมรับ',
    'consent.disagree': 'ไม่ยอมรับ',
  },
  tr: {
    'consent.label': 'Çerezler',
    'consent.text': 'Trawl kullanımını ölçmek ve ilginizi çekebilecek reklamlar göstermek için çerezler kullanıyoruz.',
    'consent.moreInfo': 'Çerez politikamızı okuyun',
    'consent.agree': 'Kabul et',
    'consent.disagree': 'Reddet',
  },
  uk: {
    'consent.label': 'Файли cookie',
    'consent.text':
      'Ми використовуємо файли cookie, щоб розуміти, як користуються Trawl, і показувати рекламу, яка може вас зацікавити.',
    'consent.moreInfo': 'Докладніше про cookie',
    'consent.agree': 'Прийняти',
    'consent.disagree': 'Відхилити',
  },
  vi: {
    'consent.label': 'Cookie',
    'consent.text':
      'Chúng tôi dùng cookie để đo lường cách Trawl được sử dụng và hiển thị quảng cáo bạn có thể quan tâm.',
    'consent.moreInfo': 'Đọc chính sách cookie',
    'consent.agree': 'Đồng ý',
    'consent.disagree': 'Không đồng ý',
  },
  zh: {
    'consent.label': 'Cookie',
    'consent.text': '我們使用 Cookie 來分析 Trawl 的使用情形，並顯示您可能感興趣的廣告。',
    'consent.moreInfo': '閱讀我們的 Cookie 政策',
    'consent.agree': '同意',
    'consent.disagree': '不同意',
  },
});
