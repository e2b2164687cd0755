/**
 * Reads the parts of a matched token as timelib's helpers do (`timelib_get_nr`, `timelib_meridian`,
 * ...): each skips what comes before its part, so a rule's action reads its fields in order.
 */

const isDigit = (c: string) => c >= '0' && c <= '9'
const isLetter = (c: string) => /^[A-Za-z]$/.test(c)

/** Amounts of `next`, `third`, `last`...; `this` is behaviour 1, the others 0. */
const RELATIVE_TEXT: Record<string, number> = {
  first: 1,
  next: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eight: 8,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  last: -1,
  previous: -1,
  this: 0,
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  i: 1,
  ii: 2,
  iii: 3,
  iv: 4,
  v: 5,
  vi: 6,
  vii: 7,
  viii: 8,
  ix: 9,
  x: 10,
  xi: 11,
  xii: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
}

export type Unit = 'us' | 's' | 'i' | 'h' | 'd' | 'm' | 'y' | 'weekday' | 'weekdays'

/** Units of relative moves: [unit, multiplier]; a weekday's multiplier is its day, 0 Sunday. */
const UNITS: Record<string, [Unit, number]> = {
  ms: ['us', 1000],
  msec: ['us', 1000],
  msecs: ['us', 1000],
  millisecond: ['us', 1000],
  milliseconds: ['us', 1000],
  µs: ['us', 1],
  usec: ['us', 1],
  usecs: ['us', 1],
  µsec: ['us', 1],
  µsecs: ['us', 1],
  microsecond: ['us', 1],
  microseconds: ['us', 1],
  sec: ['s', 1],
  secs: ['s', 1],
  second: ['s', 1],
  seconds: ['s', 1],
  min: ['i', 1],
  mins: ['i', 1],
  minute: ['i', 1],
  minutes: ['i', 1],
  hour: ['h', 1],
  hours: ['h', 1],
  day: ['d', 1],
  days: ['d', 1],
  week: ['d', 7],
  weeks: ['d', 7],
  fortnight: ['d', 14],
  fortnights: ['d', 14],
  forthnight: ['d', 14],
  forthnights: ['d', 14],
  month: ['m', 1],
  months: ['m', 1],
  year: ['y', 1],
  years: ['y', 1],
  monday: ['weekday', 1],
  mon: ['weekday', 1],
  tuesday: ['weekday', 2],
  tue: ['weekday', 2],
  wednesday: ['weekday', 3],
  wed: ['weekday', 3],
  thursday: ['weekday', 4],
  thu: ['weekday', 4],
  friday: ['weekday', 5],
  fri: ['weekday', 5],
  saturday: ['weekday', 6],
  sat: ['weekday', 6],
  sunday: ['weekday', 0],
  sun: ['weekday', 0],
  weekday: ['weekdays', 1],
  weekdays: ['weekdays', 1],
}

export class Reader {
  constructor(
    readonly text: string,
    public pos = 0,
  ) {}

  get char(): string {
    return this.text[this.pos] ?? ''
  }

  get atEnd(): boolean {
    return this.pos >= this.text.length
  }

  /** `timelib_get_nr`: skips to the next digit, reads at most `max` digits; null if none. */
  number(max: number): number | null {
    return this.numberWithLength(max).value
  }

  numberWithLength(max: number): { value: number | null; length: number } {
    while (!isDigit(this.char)) {
      if (this.atEnd) return { value: null, length: 0 }
      this.pos++
    }
    const start = this.pos
    while (isDigit(this.char) && this.pos - start < max) this.pos++
    return { value: Number(this.text.slice(start, this.pos)), length: this.pos - start }
  }

  /** `timelib_get_unsigned_nr`: a number after any signs, each `-` flipping it. */
  signedNumber(max: number): number | null {
    while (!isDigit(this.char) && this.char !== '+' && this.char !== '-') {
      if (this.atEnd) return null
      this.pos++
    }
    let sign = 1
    while (this.char === '+' || this.char === '-') {
      if (this.char === '-') sign = -sign
      this.pos++
    }
    const value = this.number(max)
    return value === null ? null : sign * value
  }

  /** `timelib_get_frac_nr`: `.5` is 500000 microseconds. */
  fraction(max: number): number {
    while (this.char !== '.' && this.char !== ':' && !isDigit(this.char)) {
      if (this.atEnd) return 0
      this.pos++
    }
    const start = this.pos
    while ((this.char === '.' || this.char === ':' || isDigit(this.char)) && this.pos - start < max)
      this.pos++
    const digits = this.text.slice(start + 1, this.pos)
    return Math.trunc((parseFloat(digits) || 0) * 10 ** (7 - (this.pos - start)))
  }

  skip(chars: string): void {
    while (!this.atEnd && chars.includes(this.char)) this.pos++
  }

  word(): string {
    const start = this.pos
    while (isLetter(this.char)) this.pos++
    return this.text.slice(start, this.pos).toLowerCase()
  }

  skipDaySuffix(): void {
    if (this.char === ' ' || this.char === '\t') return
    if (/^(nd|rd|st|th)$/i.test(this.text.slice(this.pos, this.pos + 2))) this.pos += 2
  }

  /** `timelib_get_month`: 0 when the word is no month. */
  month(): number {
    this.skip(' \t-./')
    return MONTHS[this.word()] ?? 0
  }

  /** `timelib_get_relative_text`: the amount and behaviour of `next`, `third`, `this`... */
  relativeText(): { amount: number; behavior: number } {
    this.skip(' \t-/')
    const word = this.word()
    return { amount: RELATIVE_TEXT[word] ?? 0, behavior: word === 'this' ? 1 : 0 }
  }

  /** `timelib_lookup_relunit`: the unit word up to the next separator. */
  unit(): [Unit, number] | null {
    const start = this.pos
    while (!this.atEnd && !' ,\t;:/.-()'.includes(this.char)) this.pos++
    return UNITS[this.text.slice(start, this.pos).toLowerCase()] ?? null
  }

  /** `timelib_meridian`: the hours to add for `am`/`pm` after an hour. */
  meridian(hour: number): number {
    while (!this.atEnd && !'AaPp'.includes(this.char)) this.pos++
    const pm = this.char === 'p' || this.char === 'P'
    this.pos++
    if (this.char === '.') this.pos++
    if (this.char === 'm' || this.char === 'M') this.pos++
    if (this.char === '.') this.pos++
    if (pm) return hour === 12 ? 0 : 12
    return hour === 12 ? -12 : 0
  }
}
