/**
 * The benchmarks' command-line options: `value('name')` is what follows `--name` (undefined
 * without it), `number('name', fallback)` the same as a positive number.
 */
export function optionReader(argv: string[]) {
  const value = (name: string): string | undefined => {
    const index = argv.indexOf(`--${name}`)
    return index >= 0 ? argv[index + 1] : undefined
  }
  const number = (name: string, fallback: number): number => {
    const raw = value(name)
    const n = raw === undefined ? fallback : Number(raw)
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} takes a positive number`)
    return n
  }
  return { value, number }
}
