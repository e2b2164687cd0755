/**
 * `npm run seed`: a small demo calendar — a dozen events over the coming months, in English, French
 * and Spanish, with venues, organizers, categories and tags. Does nothing when events already
 * exist.
 */
import { getPayload, type Payload } from 'payload'
import { DateTime } from 'luxon'
import { loadAppConfig } from './config.js'

type Localized = { en: string; fr: string; es: string }

const CATEGORIES: { key: string; name: Localized; parent?: string }[] = [
  { key: 'music', name: { en: 'Music', fr: 'Musique', es: 'Música' } },
  { key: 'jazz', name: { en: 'Jazz', fr: 'Jazz', es: 'Jazz' }, parent: 'music' },
  { key: 'classical', name: { en: 'Classical', fr: 'Classique', es: 'Clásica' }, parent: 'music' },
  { key: 'food', name: { en: 'Food & Drink', fr: 'Gastronomie', es: 'Gastronomía' } },
  { key: 'family', name: { en: 'Family', fr: 'Famille', es: 'Familia' } },
]

const TAGS: { key: string; name: Localized }[] = [
  { key: 'outdoor', name: { en: 'Outdoor', fr: 'En plein air', es: 'Al aire libre' } },
  { key: 'free', name: { en: 'Free entry', fr: 'Entrée libre', es: 'Entrada libre' } },
  { key: 'evening', name: { en: 'Evening', fr: 'Soirée', es: 'Noche' } },
]

const VENUES = [
  {
    key: 'hall',
    name: {
      en: 'Riverside Concert Hall',
      fr: 'Salle de concert des Quais',
      es: 'Auditorio del Río',
    },
    address: '12 Quay Street',
    city: 'Lyon',
    country: 'France',
    zip: '69002',
    geoLat: 45.7578,
    geoLng: 4.832,
  },
  {
    key: 'park',
    name: { en: 'Parc de la Tête d’Or', fr: 'Parc de la Tête d’Or', es: 'Parque de la Tête d’Or' },
    address: 'Boulevard des Belges',
    city: 'Lyon',
    country: 'France',
    zip: '69006',
    geoLat: 45.7772,
    geoLng: 4.8556,
  },
  {
    key: 'market',
    name: { en: 'Covered Market', fr: 'Halles Paul Bocuse', es: 'Mercado cubierto' },
    address: '102 Cours Lafayette',
    city: 'Lyon',
    country: 'France',
    zip: '69003',
  },
]

const ORGANIZERS = [
  {
    key: 'friends',
    name: { en: 'Friends of Music', fr: 'Les Amis de la Musique', es: 'Amigos de la Música' },
    email: 'hello@friends-of-music.example',
    phone: '+33 4 00 00 00 01',
  },
  {
    key: 'city',
    name: { en: 'City Culture Office', fr: 'Direction de la Culture', es: 'Oficina de Cultura' },
    email: 'culture@city.example',
    website: 'https://city.example/culture',
  },
]

const EVENTS: {
  title: Localized
  description: Localized
  inDays: number
  at: string
  hours: number
  venue: string
  organizers: string[]
  categories: string[]
  tags: string[]
  cost?: string[]
  allDay?: boolean
  featured?: boolean
}[] = [
  {
    title: { en: 'Jazz on the Quays', fr: 'Jazz sur les quais', es: 'Jazz en los muelles' },
    description: {
      en: 'A quartet by the river.',
      fr: 'Un quartette au bord du fleuve.',
      es: 'Un cuarteto junto al río.',
    },
    inDays: 6,
    at: '20:00',
    hours: 2,
    venue: 'hall',
    organizers: ['friends'],
    categories: ['jazz'],
    tags: ['evening'],
    cost: ['€15'],
    featured: true,
  },
  {
    title: {
      en: 'Morning Market Tour',
      fr: 'Visite du marché du matin',
      es: 'Visita al mercado matinal',
    },
    description: {
      en: 'Taste local cheeses.',
      fr: 'Dégustez les fromages locaux.',
      es: 'Pruebe quesos locales.',
    },
    inDays: 10,
    at: '09:30',
    hours: 2,
    venue: 'market',
    organizers: ['city'],
    categories: ['food'],
    tags: ['free'],
    cost: ['0'],
  },
  {
    title: { en: 'Family Picnic', fr: 'Pique-nique en famille', es: 'Picnic familiar' },
    description: {
      en: 'Games and music in the park.',
      fr: 'Jeux et musique au parc.',
      es: 'Juegos y música en el parque.',
    },
    inDays: 17,
    at: '00:00',
    hours: 0,
    venue: 'park',
    organizers: ['city'],
    categories: ['family'],
    tags: ['outdoor', 'free'],
    allDay: true,
  },
  {
    title: {
      en: 'String Quartet Evening',
      fr: 'Soirée quatuor à cordes',
      es: 'Velada de cuarteto de cuerda',
    },
    description: { en: 'Haydn and Ravel.', fr: 'Haydn et Ravel.', es: 'Haydn y Ravel.' },
    inDays: 24,
    at: '19:30',
    hours: 2,
    venue: 'hall',
    organizers: ['friends'],
    categories: ['classical'],
    tags: ['evening'],
    cost: ['€20', '€35'],
  },
  {
    title: { en: 'Open-Air Cinema', fr: 'Cinéma en plein air', es: 'Cine al aire libre' },
    description: {
      en: 'A classic under the stars.',
      fr: 'Un classique sous les étoiles.',
      es: 'Un clásico bajo las estrellas.',
    },
    inDays: 31,
    at: '21:30',
    hours: 2,
    venue: 'park',
    organizers: ['city'],
    categories: ['family'],
    tags: ['outdoor', 'evening', 'free'],
  },
  {
    title: {
      en: 'Wine & Cheese Night',
      fr: 'Soirée vins et fromages',
      es: 'Noche de vinos y quesos',
    },
    description: {
      en: 'Pairings with local producers.',
      fr: 'Accords avec des producteurs locaux.',
      es: 'Maridajes con productores locales.',
    },
    inDays: 38,
    at: '19:00',
    hours: 3,
    venue: 'market',
    organizers: ['city'],
    categories: ['food'],
    tags: ['evening'],
    cost: ['€25'],
  },
  {
    title: { en: 'Big Band Night', fr: 'Soirée big band', es: 'Noche de big band' },
    description: {
      en: 'Swing classics.',
      fr: 'Les classiques du swing.',
      es: 'Clásicos del swing.',
    },
    inDays: 45,
    at: '20:30',
    hours: 2,
    venue: 'hall',
    organizers: ['friends'],
    categories: ['jazz'],
    tags: ['evening'],
    cost: ['€12 - €18'],
  },
  {
    title: { en: 'Children’s Concert', fr: 'Concert pour enfants', es: 'Concierto infantil' },
    description: {
      en: 'Instruments for little ears.',
      fr: 'Des instruments pour petites oreilles.',
      es: 'Instrumentos para oídos pequeños.',
    },
    inDays: 52,
    at: '15:00',
    hours: 1,
    venue: 'hall',
    organizers: ['friends', 'city'],
    categories: ['classical', 'family'],
    tags: ['free'],
    cost: ['0'],
  },
  {
    title: {
      en: 'Street Food Festival',
      fr: 'Festival de street food',
      es: 'Festival de comida callejera',
    },
    description: {
      en: 'Two days of food trucks.',
      fr: 'Deux jours de food trucks.',
      es: 'Dos días de food trucks.',
    },
    inDays: 60,
    at: '00:00',
    hours: 24,
    venue: 'park',
    organizers: ['city'],
    categories: ['food'],
    tags: ['outdoor'],
    allDay: true,
  },
  {
    title: { en: 'Organ Recital', fr: 'Récital d’orgue', es: 'Recital de órgano' },
    description: { en: 'Bach and Widor.', fr: 'Bach et Widor.', es: 'Bach y Widor.' },
    inDays: 74,
    at: '18:00',
    hours: 1,
    venue: 'hall',
    organizers: ['friends'],
    categories: ['classical'],
    tags: [],
    cost: ['€10'],
  },
  {
    title: { en: 'Jam Session', fr: 'Jam session', es: 'Jam session' },
    description: {
      en: 'Bring your instrument.',
      fr: 'Apportez votre instrument.',
      es: 'Traiga su instrumento.',
    },
    inDays: 88,
    at: '21:00',
    hours: 3,
    venue: 'hall',
    organizers: ['friends'],
    categories: ['jazz'],
    tags: ['evening', 'free'],
  },
  {
    title: {
      en: 'Winter Lights Walk',
      fr: 'Balade des lumières d’hiver',
      es: 'Paseo de las luces de invierno',
    },
    description: {
      en: 'A guided walk through the lit park.',
      fr: 'Une balade guidée dans le parc illuminé.',
      es: 'Un paseo guiado por el parque iluminado.',
    },
    inDays: 102,
    at: '18:30',
    hours: 2,
    venue: 'park',
    organizers: ['city'],
    categories: ['family'],
    tags: ['outdoor', 'evening'],
    featured: true,
  },
]

const LOCALES = ['en', 'fr', 'es'] as const

/** Creates a record in English, then adds the French and Spanish texts. */
async function createLocalized(
  payload: Payload,
  collection: string,
  data: Record<string, unknown>,
  texts: Record<string, Localized>,
): Promise<number> {
  const english = Object.fromEntries(
    Object.entries(texts).map(([field, value]) => [field, value.en]),
  )
  const doc = await payload.create({
    collection: collection as 'events',
    data: { ...data, ...english },
    locale: 'en',
    overrideAccess: true,
  })
  for (const locale of LOCALES.slice(1)) {
    const translated = Object.fromEntries(
      Object.entries(texts).map(([field, value]) => [field, value[locale]]),
    )
    await payload.update({
      collection: collection as 'events',
      id: doc.id,
      data: translated,
      locale,
      overrideAccess: true,
    })
  }
  return doc.id as number
}

export async function seed(payload: Payload): Promise<{ created: boolean }> {
  if (
    (await payload.count({ collection: 'events', overrideAccess: true, trash: true })).totalDocs > 0
  )
    return { created: false }
  const zone = process.env.CAL_TIMEZONE || 'Europe/Paris'
  const ids = {
    categories: {} as Record<string, number>,
    tags: {} as Record<string, number>,
    venues: {} as Record<string, number>,
    organizers: {} as Record<string, number>,
  }
  for (const { key, name, parent } of CATEGORIES) {
    ids.categories[key] = await createLocalized(
      payload,
      'event-categories',
      { parent: parent ? ids.categories[parent] : undefined },
      { name },
    )
  }
  for (const { key, name } of TAGS)
    ids.tags[key] = await createLocalized(payload, 'event-tags', {}, { name })
  for (const { key, name, ...rest } of VENUES)
    ids.venues[key] = await createLocalized(
      payload,
      'venues',
      { ...rest, status: 'publish' },
      { name },
    )
  for (const { key, name, ...rest } of ORGANIZERS)
    ids.organizers[key] = await createLocalized(
      payload,
      'organizers',
      { ...rest, status: 'publish' },
      { name },
    )
  for (const event of EVENTS) {
    const [hour, minute] = event.at.split(':').map(Number)
    const start = DateTime.now()
      .setZone(zone)
      .plus({ days: event.inDays })
      .set({ hour, minute, second: 0, millisecond: 0 })
    await createLocalized(
      payload,
      'events',
      {
        startDate: start.toISO(),
        endDate: start.plus({ hours: event.hours }).toISO(),
        timezone: zone,
        allDay: event.allDay ?? false,
        venue: ids.venues[event.venue],
        organizers: event.organizers.map((key) => ids.organizers[key]),
        categories: event.categories.map((key) => ids.categories[key]),
        tags: event.tags.map((key) => ids.tags[key]),
        cost: event.cost ?? [],
        featured: event.featured ?? false,
        status: 'publish',
      },
      { title: event.title, descriptionHtml: event.description },
    )
  }
  return { created: true }
}

if (process.argv[1]?.endsWith('seed.ts')) {
  const config = await loadAppConfig()
  const payload = await getPayload({ config })
  const { created } = await seed(payload)
  console.log(
    created
      ? `seeded ${EVENTS.length} events, ${VENUES.length} venues, ${ORGANIZERS.length} organizers, ${CATEGORIES.length} categories, ${TAGS.length} tags`
      : 'events already exist: nothing seeded',
  )
  await payload.destroy()
  process.exit(0)
}
