import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type Received = {
  path: string
  id: string
  timestamp: string
  signature: string
  raw: string
  body: any
  at: number
}

/** What the receiver answers a request: a status, or `hang` (never answers). */
export type Reply = number | 'hang'

export type Receiver = {
  url: (path: string) => string
  /** Every request received, in order of arrival. */
  received: Received[]
  /** How `path` answers: by default 200. */
  answer: (path: string, reply: (request: Received, count: number) => Reply) => void
  /** Resolves once `count` requests reached `path` (or rejects after `timeoutMs`). */
  waitFor: (path: string, count: number, timeoutMs?: number) => Promise<Received[]>
  close: () => Promise<void>
}

/** A webhook receiver on 127.0.0.1 (node:http) that records every POST. */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = []
  const replies = new Map<string, (request: Received, count: number) => Reply>()
  const hanging = new Set<http.ServerResponse>()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      let body: unknown
      try {
        body = JSON.parse(raw)
      } catch {
        body = undefined
      }
      const path = req.url ?? '/'
      const request: Received = {
        path,
        id: String(req.headers['x-cal-webhook-id'] ?? ''),
        timestamp: String(req.headers['x-cal-webhook-timestamp'] ?? ''),
        signature: String(req.headers['x-cal-webhook-signature'] ?? ''),
        raw,
        body,
        at: Date.now(),
      }
      received.push(request)
      const count = received.filter((one) => one.path === path).length
      const reply = replies.get(path)?.(request, count) ?? 200
      if (reply === 'hang') {
        hanging.add(res)
        return
      }
      res.writeHead(reply, { 'content-type': 'text/plain' })
      res.end(reply < 300 ? 'thanks' : `no (${reply})`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (path, reply) => void replies.set(path, reply),
    waitFor: async (path, count, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = received.filter((one) => one.path === path)
        if (found.length >= count) return found
        if (Date.now() > deadline)
          throw new Error(`${path}: ${found.length} of ${count} requests after ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    close: async () => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
