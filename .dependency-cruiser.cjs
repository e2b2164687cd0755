/**
 * The plugin's floors and its database seam, enforced by `npm run lint` (docs/architecture.md,
 * "Floors"). Each top-level folder of the plugin is one floor, and a floor imports only the floors
 * below it:
 *
 *   src/          the plugin's entry: calendarPlugin, its package exports, its roots
 *   features/     admin, import, front-end components, webhooks' delivery (each apart)
 *   endpoints/    the wire: the v1 namespace, feeds, CSV exports, the router
 *   collections/  the model: Payload collections, their fields, hooks and access
 *   core/         the ground: the store seam, pure helpers, locales, options, document types
 *
 * Type-only imports count: a type from a floor above is a dependency on it all the same.
 * dependency-cruiser rather than an ESLint plugin: it resolves each import to its file through
 * tsconfig (`.js` specifiers to `.ts` sources) with no resolver plugin to configure, and states the
 * rules as data about folders.
 */
const FLOORS = ['core', 'collections', 'endpoints', 'features', 'src']
const PLUGIN = `^(${FLOORS.join('|')})/`
/** The plugin's files but the store seam's own. */
const OUTSIDE_THE_SEAM = { path: PLUGIN, pathNot: '^core/database/' }

/** A floor imports no floor above it. */
const downwardOnly = FLOORS.slice(0, -1).map((floor, index) => ({
  name: `${floor}-imports-no-floor-above`,
  comment: `${floor}/ stands below ${FLOORS.slice(index + 1).join(', ')}: it may not import them.`,
  severity: 'error',
  from: { path: `^${floor}/` },
  to: { path: `^(${FLOORS.slice(index + 1).join('|')})/` },
}))

/**
 * The layers of endpoints/ (docs/architecture.md, "Layers of endpoints/"), lowest first. A folder of
 * endpoints/ imports its own files and the layers below its own: never a layer above, nor another
 * folder of its layer. The files directly in endpoints/ (`.`, the root) are the lowest layer.
 *
 *   .                  the wire's basics: context, data layer, errors, replies, parameters,
 *                      lookups, paging, permissions, the calendar's generation, origin, addresses
 *   cache, parts       the layer around every GET; what records and their schemas are made of
 *   forms              the kept record forms, the loads of what records link to (term counts)
 *   fields             one field table per resource, with what its keys read and write: the venue,
 *                      organizer and term records an event embeds, the arguments that name them
 *   schemas            the bodies' JSON Schemas, made from the field tables
 *   records, routing   event records and CSV rows, their forms warmed; operations, stages, router
 *   changes, documentation, translations    operations that read no field table
 *   events             the event operations
 *   linked, terms      venues and organizers (their archives count events), categories and tags
 *   tickets, ical, csv, fullcalendar        the other roots: tickets and the feeds
 *   v1                 the cal/events/v1 route table
 *   batch              a batch's requests, through that route table and the router
 */
const ENDPOINT_LAYERS = [
  ['.'],
  ['cache', 'parts'],
  ['forms'],
  ['fields'],
  ['schemas'],
  ['records', 'routing'],
  ['changes', 'documentation', 'translations'],
  ['events'],
  ['linked', 'terms'],
  ['tickets', 'ical', 'csv', 'fullcalendar'],
  ['v1'],
  ['batch'],
]
/** The files of these folders of endpoints/ (the folder is `$1`); `.` is the root's own files. */
const filesOf = (folders) => {
  const named = folders.filter((folder) => folder !== '.')
  return [
    ...(named.length > 0 ? [`^endpoints/(${named.join('|')})/`] : []),
    ...(folders.includes('.') ? ['^endpoints/[^/]+$'] : []),
  ].join('|')
}

/** A layer of endpoints/ imports only its own folder and the layers below it. */
const endpointLayers = ENDPOINT_LAYERS.map((folders, index) => {
  const below = ENDPOINT_LAYERS.slice(0, index).flat()
  const named = (list) => list.map((folder) => (folder === '.' ? 'the root' : folder)).join(', ')
  return {
    name: 'endpoints-layers',
    comment: `endpoints/ ${named(folders)}, layer ${index} of ENDPOINT_LAYERS, imports its own folder${
      below.length > 0 ? ` and the layers below it (${named(below)})` : ''
    } only.`,
    severity: 'error',
    from: { path: filesOf(folders) },
    to: {
      path: '^endpoints/',
      pathNot: [
        folders.includes('.') ? filesOf(['.']) : '^endpoints/$1/',
        ...(below.length > 0 ? [filesOf(below)] : []),
      ],
    },
  }
})

/** The database packages, which only the store seam (core/database/) imports. */
const DATABASE_PACKAGES =
  '(^|node_modules/)(drizzle-orm|@payloadcms/drizzle|@payloadcms/db-[^/]+|@libsql/client|pg|mongoose|mongodb)(/|$)'

/* global module */
module.exports = {
  forbidden: [
    ...downwardOnly,
    ...endpointLayers,
    {
      name: 'endpoints-folder-in-a-layer',
      comment: 'Each folder of endpoints/ has its place in ENDPOINT_LAYERS.',
      severity: 'error',
      from: { path: '^endpoints/[^/]+/', pathNot: filesOf(ENDPOINT_LAYERS.flat()) },
      to: { path: '^endpoints/' },
    },
    {
      name: 'features-apart',
      comment: 'A feature (features/admin, import, react, webhooks) imports no other feature.',
      severity: 'error',
      from: { path: '^features/([^/]+)/' },
      to: { path: '^features/', pathNot: '^features/$1/' },
    },
    {
      name: 'seam-through-its-public-module',
      comment:
        'Outside core/database/, the store seam is imported through its one public module, core/database/index.ts.',
      severity: 'error',
      from: OUTSIDE_THE_SEAM,
      to: { path: '^core/database/', pathNot: '^core/database/index\\.ts$' },
    },
    {
      name: 'database-packages-behind-the-seam',
      comment:
        "Payload's SQL packages and the database drivers are imported by the store seam (core/database/) only.",
      severity: 'error',
      from: OUTSIDE_THE_SEAM,
      to: { path: DATABASE_PACKAGES },
    },
    {
      name: 'host-through-front-doors',
      comment:
        'The host app (dev/, its migrations included) and scripts/ import the plugin through its front doors only: src/index.ts and src/exports/, as an app installing the package would.',
      severity: 'error',
      from: { path: '^(dev|scripts)/' },
      to: { path: PLUGIN, pathNot: '^src/(index\\.ts$|exports/)' },
    },
    {
      name: 'plugin-never-imports-the-host',
      comment: 'The host app (dev/) runs the plugin; the plugin never imports it.',
      severity: 'error',
      from: { path: PLUGIN },
      to: { path: '^dev/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    exclude: { path: '(^|/)(node_modules|dist|build|\\.next)/' },
  },
}
