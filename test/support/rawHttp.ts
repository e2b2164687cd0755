import http from 'node:http'

/** A request exactly as it goes on the wire: the path is not normalized or re-encoded. */
export type RawRequest = {
  method: string
  /** Path and query as sent, e.g. `/api/cal/events/v1/events?search[$ne]=x`. */
  path: string
  headers?: Record<string, string>
  /** Sent with a Content-Length header, or, when `chunked`, as a stream of chunks without one. */
  body?: Buffer | string
  chunked?: boolean
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string }

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })

/**
 * Sends one request with node:http rather than fetch, so that malformed paths and query strings
 * reach the server as written, and so that an answer sent before the body was fully read (413) is
 * still received even though the server then closes the connection.
 */
export function sendRaw(
  base: string,
  request: RawRequest,
  timeoutMs = 30_000,
): Promise<RawResponse> {
  const { hostname, port } = new URL(base)
  const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body
  const headers: Record<string, string> = { ...request.headers }
  if (body && !request.chunked) headers['content-length'] = String(body.length)
  // Said explicitly: node frames DELETE bodies in chunks only when asked to.
  if (body && request.chunked) headers['transfer-encoding'] = 'chunked'
  return new Promise((resolve, reject) => {
    let answered = false
    const req = http.request({
      host: hostname,
      port,
      method: request.method,
      path: request.path,
      headers,
      agent,
      timeout: timeoutMs,
    })
    req.on('response', (res) => {
      answered = true
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      )
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    // A server that answers early and closes makes the rest of the upload fail; the answer counts.
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    if (body && request.chunked) {
      const size = 64 * 1024
      for (let offset = 0; offset < body.length; offset += size)
        req.write(body.subarray(offset, offset + size))
      req.end()
    } else req.end(body)
  })
}

/** Closes the kept-alive sockets, so that a test run ends without open handles. */
export const closeRawAgent = () => agent.destroy()
