import type { Resource } from './collections.js'
import { ImportCancelled, type Failure, type ImportProgress } from './progress.js'
import { RecordError, type SourceRecord } from './values.js'
import type { MappedWriter } from './writer.js'

export type Outcome = 'created' | 'updated' | 'unchanged' | 'skipped'

/** A record taken by this run (`Claims.claim`): its id once written, and how it ended. */
export type Claim = {
  settled: Promise<number | null>
  done: (outcome: Outcome) => void
  fail: (error: unknown) => void
}

/** A failed record (or image) reported with its run's progress. */
export type FailRecord = (
  resource: Failure['resource'],
  sourceId: unknown,
  error: unknown,
  url?: string,
) => void

/** The source records and images a run has taken, and the source records it has seen. */
export class Claims {
  /** Each source record and image is written once per run, whoever asks for it first. */
  readonly settled = new Map<string, Promise<number | null>>()
  readonly seen: Record<Resource, Set<string>> = {
    venues: new Set(),
    organizers: new Set(),
    categories: new Set(),
    tags: new Set(),
    events: new Set(),
  }

  constructor(
    private readonly progress: ImportProgress,
    private readonly writer: MappedWriter,
    private readonly failRecord: FailRecord,
  ) {}

  /**
   * Takes a source record for this run: counted as read, its settled id promised to whoever asks
   * (`Importer.settle`, run.ts); null when it has no usable id (a failure) or was taken before.
   */
  claim(resource: Resource, record: SourceRecord): Claim | null {
    const sourceId = String(record?.id ?? '')
    const counts = this.progress.resources[resource]
    if (!/^\w+$/.test(sourceId)) {
      counts.read++
      this.failRecord(resource, sourceId, new RecordError(`a record without an id (${sourceId})`))
      return null
    }
    const key = `${resource}:${sourceId}`
    if (this.settled.has(key)) return null
    counts.read++
    this.seen[resource].add(sourceId)
    let resolve: (id: number | null) => void = () => undefined
    let reject: (error: unknown) => void = () => undefined
    const settled = new Promise<number | null>((yes, no) => {
      resolve = yes
      reject = no
    })
    // A cancelled run rejects it; whoever awaits it sees that, and nobody need await it.
    settled.catch(() => undefined)
    this.settled.set(key, settled)
    let finished = false
    return {
      settled,
      done: (outcome) => {
        if (finished) return
        finished = true
        counts[outcome]++
        resolve(this.writer.mappings.get(key)?.targetId ?? null)
      },
      fail: (error) => {
        if (finished) return
        finished = true
        if (error instanceof ImportCancelled) return reject(error)
        this.failRecord(resource, sourceId, error)
        resolve(null)
      },
    }
  }
}
