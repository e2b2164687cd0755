/**
 * RFC 5545 §3.1 line folding, as ical-generator's `foldLines` does it (the same bytes: lines of at
 * most 75 octets, a character never split, continuation lines starting with a space), without its
 * cost: it builds a TextEncoder for every character, a sixth of a feed's time. Lines that are short
 * ASCII, nearly all of them, are left as they are without a look at their characters.
 */

/** UTF-8 octets of the code unit at `i` (a surrogate pair counts as one 4-octet character). */
function octets(text: string, i: number): number {
  const unit = text.charCodeAt(i)
  if (unit < 0x80) return 1
  if (unit < 0x800) return 2
  // A lone surrogate is written as U+FFFD, 3 octets (as TextEncoder does).
  return 3
}

// eslint-disable-next-line no-control-regex -- ASCII is 0x00–0x7f, control characters included
const SHORT_ASCII = /^[\x00-\x7f]{0,74}$/

function foldLine(line: string): string {
  if (SHORT_ASCII.test(line)) return line
  let folded = ''
  let count = 0
  for (let i = 0; i < line.length; i++) {
    let character = line.charAt(i)
    let size: number
    const unit = line.charCodeAt(i)
    if (unit >= 0xd800 && unit <= 0xdbff) {
      // A high surrogate takes the next code unit with it, whatever it is (as ical-generator does).
      const next = line.charCodeAt(i + 1)
      character += line.charAt(++i)
      size = next >= 0xdc00 && next <= 0xdfff ? 4 : 3 + (i < line.length ? octets(line, i) : 0)
    } else {
      size = octets(line, i)
    }
    count += size
    if (count > 74) {
      folded += '\r\n '
      count = size
    }
    folded += character
  }
  return folded
}

/** Folds every CRLF-separated line of `text`. */
export function foldLines(text: string): string {
  return text.split('\r\n').map(foldLine).join('\r\n')
}
