/**
 * Event costs as The Events Calendar keeps them (docs/v1-reference.md §4.8,
 * docs/v1-differences.md §9): one or more raw strings ("€6.50 - €8.50", "20$", "Free",
 * "5,50 7,50"), from which numeric values, a currency symbol and its position are read, and a
 * display string is made.
 */

export type CurrencyPosition = 'prefix' | 'postfix'

/**
 * A number as written in a cost string, with its value and its value's text in
 * `cost_details.values`.
 */
type WrittenNumber = { written: string; value: number; text: string }

const NUMBER = /\d[\d.,]*\d|\d/g

/**
 * How one written number reads: a lone separator before exactly three digits is a thousands
 * separator. Its text keeps the digits as written, trailing zeros too (`6.50`, as The Events
 * Calendar gives it), without thousands separators (`1,000.00` → `1000.00`); one written with a
 * decimal comma is given by its value, as the contract settles (`5,50` → `5.5`).
 */
function read(written: string): WrittenNumber {
  const lastDot = written.lastIndexOf('.')
  const lastComma = written.lastIndexOf(',')
  let decimal: '.' | ',' | null = null
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? '.' : ','
  else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ','
    const parts = written.split(separator)
    const thousands = parts.length > 2 || parts[parts.length - 1].length === 3
    // The site locale (en) reads "1,000" as a thousand and "1.000" as one.
    decimal = thousands ? (separator === ',' ? null : parts.length > 2 ? null : '.') : separator
  }
  const normalized = decimal
    ? written
        .split(decimal)
        .map((part, i, all) => (i === all.length - 1 ? part : part.replace(/[.,]/g, '')))
        .join('.')
    : written.replace(/[.,]/g, '')
  const value = Number(normalized)
  return { written, value, text: decimal === ',' ? String(value) : normalized }
}

function numbersIn(text: string): WrittenNumber[] {
  return (text.match(NUMBER) ?? []).map(read).filter((n) => Number.isFinite(n.value))
}

/** Slug of a cost word ("Donation" → "donation"), which stands for it among the values. */
const wordSlug = (text: string) =>
  text
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** The raw cost strings of a `cost` argument: a string or a list of strings (numbers accepted). */
export function rawCosts(input: unknown): string[] | null {
  if (input === null || input === undefined || input === '') return []
  const list = Array.isArray(input) ? input : [input]
  if (
    !list.every(
      (item) => typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item)),
    )
  )
    return null
  return list.map((item) => String(item).trim()).filter(Boolean)
}

/**
 * The currency symbol and position the raw strings agree on: the non-numeric text before (prefix)
 * or after (postfix) the numbers, the same in every string that has numbers. Empty when they
 * disagree.
 */
export function inferCurrency(raw: string[]): { symbol: string; position: CurrencyPosition | '' } {
  const found = new Set<string>()
  for (const text of raw) {
    for (const piece of text.split(/\s+-\s+|\s*[–—]\s*|\s+/)) {
      const match = /^([^\d\s.,-]*)(\d[\d.,]*)([^\d\s.,-]*)$/.exec(piece)
      if (!match) continue
      const [, before, , after] = match
      if (before && after) return { symbol: '', position: '' }
      found.add(before ? `prefix:${before}` : after ? `postfix:${after}` : 'none')
    }
  }
  if (found.size !== 1) return { symbol: '', position: '' }
  const [only] = found
  if (only === 'none') return { symbol: '', position: '' }
  const [position, symbol] = only.split(/:(.*)/s) as [CurrencyPosition, string]
  return { symbol, position }
}

/**
 * `cost_details.values`: every numeric value as a numeric string (its digits as written: `read`),
 * ascending, one per value (the first written), then cost words as slugs.
 */
export function costValues(raw: string[]): string[] {
  const byValue = new Map<number, string>()
  for (const n of raw.flatMap(numbersIn)) if (!byValue.has(n.value)) byValue.set(n.value, n.text)
  const words = raw
    .filter((text) => numbersIn(text).length === 0)
    .map(wordSlug)
    .filter(Boolean)
  const numbers = [...byValue].sort(([a], [b]) => a - b).map(([, text]) => text)
  return [...numbers, ...words]
}

/** The numeric values of one raw cost string ("€6.50 - €8.50" → 6.5, 8.5). */
export const costNumbers = (text: string): number[] => numbersIn(text).map((n) => n.value)

/** Whether a raw cost string says the event is free: a value of 0, or the word "Free". */
export const isFreeCost = (text: string): boolean =>
  costNumbers(text).includes(0) || (numbersIn(text).length === 0 && wordSlug(text) === 'free')

export type CostDisplay = { symbol: string; position: CurrencyPosition | '' }

/**
 * The formatted cost: the lowest and highest value as written ("5,50 – 7,50"), a zero shown as
 * `Free`, each decorated with the currency symbol at its position; a single value alone; a cost
 * without numbers as written; "" when there is none.
 */
export function formatCost(raw: string[], currency: CostDisplay): string {
  const numbers = raw.flatMap(numbersIn)
  if (numbers.length === 0) return raw.join(', ')
  const sorted = [...numbers].sort((a, b) => a.value - b.value)
  const decorate = (n: WrittenNumber) => {
    if (n.value === 0) return 'Free'
    if (!currency.symbol) return n.written
    return currency.position === 'postfix'
      ? `${n.written}${currency.symbol}`
      : `${currency.symbol}${n.written}`
  }
  const low = sorted[0]
  const high = sorted[sorted.length - 1]
  return low.value === high.value ? decorate(low) : `${decorate(low)} – ${decorate(high)}`
}
