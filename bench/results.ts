import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Writes a benchmark's results to bench/results/<name>-<time>.json, with the date and the machine
 * they were measured on, and prints the file's path.
 */
export function writeResults(name: string, data: Record<string, unknown>): void {
  const dir = path.join(ROOT, 'bench', 'results')
  fs.mkdirSync(dir, { recursive: true })
  const out = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  const machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version }
  fs.writeFileSync(out, JSON.stringify({ date: new Date(), machine, ...data }, null, 2))
  console.log(`results: ${path.relative(ROOT, out)}`)
}

/** The middle of `values` (of the two middle ones, their mean). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
