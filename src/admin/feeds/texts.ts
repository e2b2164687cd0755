/** The feed links' words in the admin's languages (English when the admin speaks another). */
const TEXTS = {
  en: {
    title: 'Calendar apps',
    addEvent: 'Add this event to a calendar (.ics)',
    subscribe: 'Subscribe to the calendar',
    download: 'Download the calendar (.ics)',
    hint: 'Google Calendar, Apple Calendar and Outlook poll a subscription for changes.',
  },
  fr: {
    title: 'Applications d’agenda',
    addEvent: 'Ajouter cet événement à un agenda (.ics)',
    subscribe: 'S’abonner au calendrier',
    download: 'Télécharger le calendrier (.ics)',
    hint: 'Google Agenda, Calendrier d’Apple et Outlook relisent un abonnement pour suivre les changements.',
  },
  es: {
    title: 'Aplicaciones de calendario',
    addEvent: 'Añadir este evento a un calendario (.ics)',
    subscribe: 'Suscribirse al calendario',
    download: 'Descargar el calendario (.ics)',
    hint: 'Google Calendar, Calendario de Apple y Outlook consultan una suscripción para ver los cambios.',
  },
} as const

export type FeedTextKey = keyof (typeof TEXTS)['en']

export const feedText = (language: string, key: FeedTextKey): string => (TEXTS[language as keyof typeof TEXTS] ?? TEXTS.en)[key]
