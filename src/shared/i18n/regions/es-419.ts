import type { RegionalMessages } from '../regions';

/**
 * Latin America's wording over the Spanish catalogue (written for Spain): "autos" where Spain says
 * "coches", "sitios" for websites, "ingresa" for "introduce", "configuración" for "ajustes", no
 * vosotros ("Envíenme", not "Enviadme"), the preterite where Spain writes the perfect ("Ocurrió
 * un error"), and a home's "terreno" and a car's "asientos" where Spain says "parcela" and
 * "plazas" (a floor stays "planta", understood there: "piso" is a flat in Spain).
 */
export const es419: RegionalMessages = {
  'vertical.cars': 'Autos',
  'facts.plotArea': 'Terreno (m²)',
  'facts.seats': 'Asientos',
  'search.tooShort': 'Escribe al menos {min, plural, one {# letra o número} other {# letras o números}}.',
  'home.generalTitle': 'Casas, autos y empleo {inCountry} | Trawl',
  'home.generalLead': 'Una búsqueda en los anuncios de cientos de sitios.',
  'home.description':
    '{vertical} en {country}: busca en los anuncios de cientos de sitios a la vez y recibe alertas de los nuevos.',
  'home.generalDescription':
    'Casas, autos, empleo y más en {country}: una búsqueda en los anuncios de cientos de sitios.',
  'noResults.message': 'Tu búsqueda no obtuvo resultados',
  'noResults.searched': '“{text}”',
  'serverError.title': 'Ocurrió un error',
  'ad.badge.priceDrop': 'Bajó de precio',
  'apply.title': 'Contacta al anunciante',
  'apply.sent': 'Tu mensaje fue enviado al anunciante.',
  'apply.error': 'No se pudo enviar tu mensaje. Inténtalo de nuevo.',
  'apply.missing': 'Ingresa tu nombre, correo y mensaje.',
  'apply.invalidEmail': 'Ingresa una dirección de correo válida.',
  'facts.mileage': 'Kilometraje',
  'facts.transmission': 'Transmisión',
  'filters.parking': 'Estacionamiento',
  'filters.newBuild': 'Nueva construcción',
  'filters.transmission': 'Transmisión',
  'filters.mileage': 'Kilometraje',
  'filters.telecommute': 'Trabajo remoto',
  'sources.searching': '{count, plural, one {Buscando en # sitio…} other {Buscando en # sitios…}}',
  'alerts.email.newsletter': 'Envíenme también el boletín de Trawl',
  'alerts.email.required': 'Ingresa tu dirección de correo electrónico',
  'alerts.email.invalid': 'Ingresa una dirección de correo válida',
  'alerts.error': 'Ocurrió un error.',
  'nm.nav.settings': 'Configuración',
  'nm.title.settings': 'Configuración de notificaciones | Trawl',
  'nm.expiredLink': 'Este enlace expiró. Abre el enlace “Gestionar alertas” de tu último correo de alerta.',
  'nm.push.none': 'Este navegador no tiene alertas. Usa “Avisarme aquí” en una página de resultados para agregar una.',
  'nm.push.expired':
    'La suscripción a notificaciones de este navegador expiró. Vuelve a guardar una búsqueda para renovarla.',
};

/** Colombia says "carros" (and "parqueadero"), as its car sites do (tucarro, carroya). */
export const esCO: RegionalMessages = {
  'vertical.cars': 'Carros',
  'home.generalTitle': 'Casas, carros y empleo {inCountry} | Trawl',
  'home.generalDescription':
    'Casas, carros, empleo y más en {country}: una búsqueda en los anuncios de cientos de sitios.',
  'filters.parking': 'Parqueadero',
};

/** Venezuela says "carros" too (tucarro.com.ve). */
export const esVE: RegionalMessages = {
  'vertical.cars': 'Carros',
  'home.generalTitle': 'Casas, carros y empleo {inCountry} | Trawl',
  'home.generalDescription':
    'Casas, carros, empleo y más en {country}: una búsqueda en los anuncios de cientos de sitios.',
  'facts.foreclosure': 'Remate bancario',
  'facts.gears': 'Velocidades',
  'facts.byOwner': 'Dueño directo',
};
