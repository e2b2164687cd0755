import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import express, { type ErrorRequestHandler, type RequestHandler } from 'express'
import { getPayload, type Payload } from 'payload'
import { cachedReads } from './cachedReads.js'
import {
  calendarStoreOf,
  databaseHealth,
  HEALTH_HEADERS,
  rewriteLanguageRoot,
} from '../src/index.js'
import { closeDatabase } from './database.js'
import { eventLoopProbe } from './eventLoopProbe.js'
import { loadAppConfig } from './config.js'
import { payloadApi } from './expressBridge.js'
import { ADMIN_DIR, PROJECT_ROOT } from './paths.js'

export { ADMIN_DIR, PROJECT_ROOT }

export type ServerOptions = {
  port?: number
  host?: string
  /** Serve the admin UI through Next.js. Default true; the tests run without it. */
  admin?: boolean
  /** Next.js in development mode (compiles on demand) instead of serving the production build. */
  dev?: boolean
}

export type RunningServer = {
  url: string
  payload: Payload
  close: () => Promise<void>
}

/**
 * `/fr/api/...` serves `/api/...` in French: rewritten as `withCalendar` rewrites it in a Next.js
 * app (core/languageRoots.ts); the plugin reads the language from the marker.
 */
function languageRoots(apiRoute: string): RequestHandler {
  return (req, _res, next) => {
    const rewritten = rewriteLanguageRoot(req.url, apiRoute)
    if (rewritten) req.url = rewritten
    next()
  }
}

/**
 * `/api/health`: the plugin's check (`/api/cal/health`), answered before Payload's request handling
 * (the benchmark's floor, and what scripts/cluster.sh and the cluster test ask).
 */
function healthCheck(payload: Payload): RequestHandler {
  return async (_req, res) => {
    const { status, body } = await databaseHealth(payload)
    res.status(status).set(HEALTH_HEADERS).json(body)
  }
}

const NO_ROUTE = {
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
  data: { status: 404 },
}

/**
 * A path that is not valid percent-encoding names nothing: 404, where Payload's router would fail
 * (500) decoding it.
 */
const malformedPaths: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path)
  } catch {
    res.status(404).json(NO_ROUTE)
    return
  }
  next()
}

const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
  console.error(`unhandled error on ${req.method} ${req.originalUrl}`, error)
  if (res.headersSent) return res.end()
  res
    .status(500)
    .json({ code: 'rest_internal_error', message: 'Internal server error.', data: { status: 500 } })
}

/**
 * Starts Payload, its REST API (also under `/en|fr|es/api`), a health check and, optionally, the
 * admin UI.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const config = await loadAppConfig()
  // `cron: true` starts the config's `jobs.autoRun` (Payload starts none without it: the daily
  // recurrence task never ran on a node that served no admin page).
  const payload = await getPayload({ config, cron: true })
  const apiRoute = config.routes.api
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', process.env.TRUST_PROXY === 'true')
  app.use(malformedPaths)
  const probe = eventLoopProbe()
  if (probe) app.use(probe)
  app.get(`${apiRoute}/health`, healthCheck(payload))
  app.use(languageRoots(apiRoute))
  app.use(cachedReads(payload))
  app.use(payloadApi(config, apiRoute))

  let closeAdmin = async () => {}
  if (options.admin ?? true) {
    const { default: next } = await import('next')
    const nextApp = next({ dev: options.dev ?? false, dir: ADMIN_DIR })
    await nextApp.prepare()
    const handle = nextApp.getRequestHandler()
    app.use((req, res) => handle(req, res))
    closeAdmin = () => nextApp.close()
  } else {
    app.use((_req, res) => {
      res.status(404).json(NO_ROUTE)
    })
  }
  app.use(lastResort)

  const host = options.host ?? '0.0.0.0'
  const server = app.listen(options.port ?? 3000, host)
  // Idle connections stay open longer than a proxy's usual 60 s (and longer than a client's pause
  // between requests), so that a client never sends on a connection the server is closing.
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve, reject) =>
    server.once('listening', resolve).once('error', reject),
  )
  const { port } = server.address() as AddressInfo
  const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      // Stop accepting connections; requests in flight finish before the database closes.
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      await stopped
      await closeAdmin()
      await payload.destroy()
      await closeDatabase(payload.db)
    })())
  return { url, payload, close }
}

/** Runs the server until SIGTERM or SIGINT, with the settings of the environment. */
export async function main() {
  const started = Date.now()
  const admin = process.env.CAL_ADMIN !== 'false'
  const running = await startServer({
    port: Number(process.env.PORT || 3000),
    host: process.env.HOST,
    admin,
    dev: process.argv.includes('--dev'),
  })
  console.log(
    `calendar ready in ${Date.now() - started} ms: ${admin ? `admin ${running.url}/admin, ` : ''}REST ${running.url}/api ` +
      `(also /en/api, /fr/api, /es/api), health ${running.url}/api/health, store: ${calendarStoreOf(running.payload.db)}`,
  )
  const shutdown = (signal: string) => {
    console.log(`${signal}: finishing requests in flight, then closing the database`)
    const force = setTimeout(() => process.exit(1), 15_000)
    force.unref()
    running.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
