/** English texts of the calendar's admin: labels, descriptions and validation messages. */
export const en = {
  // Collections and the navigation group
  calendar: 'Calendar',
  event: 'Event',
  events: 'Events',
  venue: 'Venue',
  venues: 'Venues',
  organizer: 'Organizer',
  organizers: 'Organizers',
  category: 'Event Category',
  categories: 'Event Categories',
  tag: 'Event Tag',
  tags: 'Event Tags',
  image: 'Image',
  media: 'Media',

  // Shared fields
  title: 'Title',
  name: 'Name',
  description: 'Description',
  slug: 'Slug',
  slugDescription:
    'Made from the title when left empty; kept unique (-2, -3, …). One slug for all languages.',
  status: 'Status',
  statusDescription:
    'Contributors cannot publish: their "Published" becomes "Pending review". "Published" with a future date becomes "Scheduled".',
  statusPublish: 'Published',
  statusFuture: 'Scheduled',
  statusDraft: 'Draft',
  statusPending: 'Pending review',
  statusPrivate: 'Private',
  publishedAt: 'Publication date',
  author: 'Author',
  authorDescription: 'Only editors and administrators can give a record to someone else.',
  imageUrl: 'Image URL',
  imageUrlDescription:
    'An image elsewhere on the web, used when no upload is chosen. Never downloaded.',
  password: 'Password',
  passwordDescription: 'Readers must give this password to see the content.',
  website: 'Website',
  phone: 'Phone',
  email: 'Email',
  showMap: 'Show map',
  showMapLink: 'Show map link',

  // Events
  excerpt: 'Excerpt',
  rawHtml: 'Raw HTML',
  rawHtmlPlural: 'Raw HTML blocks',
  rawHtmlDescription:
    'HTML the editor cannot show (an embed, a table, a shortcode), kept and published exactly as written.',
  startDate: 'Start',
  endDate: 'End',
  timezone: 'Time zone',
  timezoneDescription: 'IANA zone (Europe/Paris) or offset (UTC+2). Empty: the site zone.',
  allDay: 'All day',
  startDateLocal: 'Start in the event’s time zone',
  endDateLocal: 'End in the event’s time zone',
  localTimesDescription: 'Set when the event is saved.',
  organizersDescription: 'In the order they should be shown.',
  eventCategories: 'Categories',
  eventTags: 'Tags',
  costGroup: 'Cost',
  cost: 'Prices',
  costDescription: 'One or more prices as written: "10", "€6.50 - €8.50", "Free".',
  currencySymbol: 'Currency symbol',
  currencyCode: 'Currency code',
  currencyPosition: 'Currency position',
  currencyPrefix: 'Before the price',
  currencyPostfix: 'After the price',
  hideFromListings: 'Hide from listings',
  sticky: 'Sticky',
  featured: 'Featured',
  ticketed: 'Ticketed',
  parentEvent: 'Parent event',

  // Venues
  address: 'Address',
  city: 'City',
  zip: 'Postal code',
  province: 'Province',
  state: 'State',
  stateprovince: 'State or province',
  country: 'Country',
  geoLat: 'Latitude',
  geoLng: 'Longitude',

  // Categories
  parentCategory: 'Parent category',
  fullName: 'Full name',
  fullNameDescription: 'The names of the parent categories and its own, in the language shown.',

  // Media
  alt: 'Alternative text',

  // Users
  role: 'Role',
  firstUserRole:
    'The first user runs the site: they become its administrator, and give roles to the people who join after them.',
  roleDescription: 'Only administrators can change roles.',
  roleAdministrator: 'Administrator',
  roleEditor: 'Editor',
  roleAuthor: 'Author',
  roleContributor: 'Contributor',
  roleSubscriber: 'Subscriber',

  // Validation messages
  dateAsText: 'Give the date as text, such as 2031-03-01T19:00:00Z.',
  endBeforeStart: 'The end must not be before the start.',
  invalidTimezone: 'Give a time zone such as Europe/Paris or UTC+2.',
  invalidUrl: 'Give an http:// or https:// address.',
  bothCoordinates: 'Give both latitude and longitude, or neither.',
  missingRelation: 'Some of the chosen records do not exist.',
  ownParent: 'A category cannot be its own parent.',

  // Recurrence
  recurrence: 'Repeats',
  recurrenceDescription:
    'Repeat this event: each date becomes an event of its own in listings and feeds.',
  recurrenceRules: 'Rules (RRULE)',
  recurrenceRdates: 'Extra dates',
  recurrenceExdates: 'Excluded dates',
  series: 'Series',
  seriesDescription:
    'This event is one date of a series: “Save changes to” says whether saving changes this date, the following ones or all.',
  invalidRecurrenceRules: 'Give a list of RRULE texts such as FREQ=WEEKLY;BYDAY=TU.',
  invalidRecurrenceDates: 'Give a list of dates as YYYY-MM-DD HH:MM:SS in the event’s time zone.',
  applyTo: 'Save changes to',
  applyToThis: 'This date',
  applyToFollowing: 'This and the following dates',
  applyToAll: 'All dates of the series',
  occurrenceNoRules: 'One date of a series cannot repeat: change the series instead.',
  documentTooDeep: 'This text is nested too deeply ({max} levels at most).',
} as const

export type TextKey = keyof typeof en
