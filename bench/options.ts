/**
 * The benchmarks' command-line options: `value('name')` is what follows `--name` (undefined
 * without it), `number('name', fallback)` the same as a positive number, `sizes(fallback)` the
 * dataset sizes of `--sizes`.
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
  /** `--sizes a,b,c`: dataset sizes, one run each. */
  const sizes = (fallback: string): number[] => {
    const list = (value('sizes') ?? fallback).split(',').map(Number)
    if (list.some((n) => !Number.isSafeInteger(n) || n <= 0))
      throw new Error('--sizes takes a comma list of positive integers')
    return list
  }
  return { value, number, sizes }
}
