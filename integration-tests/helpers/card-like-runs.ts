/**
 * What a reader of a database value or a log line would take for a card
 * number, found without the plugin's own masking code: every run of digits
 * bounded by non-digits, its groups joined by single spaces or hyphens
 * (`4111 1111 1111 1111`, `4111-1111-…`), in which some whole groups make
 * 13 to 19 digits passing Luhn. Not only the test cards a test planted:
 * any card number, whoever wrote it.
 *
 * Values that are known not to be card numbers, yet hold such runs in a
 * test run, are left out by their shape, each rule as narrow as it can be
 * (what the suite's runs showed, docs/testing.md):
 *
 * - a UUID (request ids, payout request ids): its hyphen-joined groups;
 * - a hexadecimal token of 24 or more characters with a letter in it
 *   (order numbers' 24 random hex digits, SHA-256 digests and signatures,
 *   token hashes) holding a run of decimal digits;
 * - a time in milliseconds since 1970 within ten years of now, 13 digits
 *   written alone (Medusa's workflow records, the event bus);
 * - a compact time `YYYYMMDDHHMMSS`, 14 digits written alone (the wire
 *   contract's dates, migration names), or a date `YYYYMMDD` as a group of
 *   its own (the sandbox's short references `20261128-35A570`);
 * - the sandbox's transaction ids, `SBX` and 19 digits (and their refund
 *   references `…-01`);
 * - the fraction of a decimal number, the digits after `<digit>.`
 *   (a double as JSON writes it: CI once met 16 Luhn-valid digits in a
 *   workflow_execution row, a double's fraction by their count).
 *
 * A group that is a time or a date makes the whole run one. Cards are
 * written whole or in groups of 4 to 6 digits; a 13-digit card number
 * starts with 4 (never 1), and no brand's numbers start with 20
 * (Mastercard's 2-series begins at 2221): the time rules cannot hide a
 * real card number. Nor can the fraction rule: a card number is not
 * written straight after a decimal point.
 */
// the sandbox's own check, independent of the redaction under test
import { luhnValid } from "../../src/sandbox/test-cards"

export type CardLikeRun = {
  /** the digits as written, with their spaces or hyphens */
  run: string
  /** up to 40 characters each side, for the report */
  context: string
  /** why it is not taken for a card number; absent: it is one */
  excluded?: string
}

const RUN = /\d+(?:[ -]\d+)*/g
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi
const TEN_YEARS_MS = 10 * 365.25 * 24 * 3600 * 1000

/** Every card-like run of a text, excluded ones marked. */
export function cardLikeRunsIn(text: string, now = Date.now()): CardLikeRun[] {
  if (!/\d{4}/.test(text)) return []
  const uuids = [...text.matchAll(UUID)].map((m) => [
    m.index!,
    m.index! + m[0].length,
  ])
  const found: CardLikeRun[] = []
  for (const match of text.matchAll(RUN)) {
    const groups = [...match[0].matchAll(/\d+/g)].map((g) => ({
      digits: g[0],
      start: match.index! + g.index!,
    }))
    for (let first = 0; first < groups.length; first++) {
      let digits = ""
      for (let last = first; last < groups.length; last++) {
        digits += groups[last].digits
        if (digits.length > 19) break
        if (digits.length < 13 || !luhnValid(digits)) continue
        const start = groups[first].start
        const end = groups[last].start + groups[last].digits.length
        found.push({
          run: text.slice(start, end),
          context: text.slice(Math.max(0, start - 40), end + 40),
          excluded: exclusion(text, groups.slice(first, last + 1), now, uuids),
        })
      }
    }
  }
  return found
}

function exclusion(
  text: string,
  groups: { digits: string; start: number }[],
  now: number,
  uuids: number[][]
): string | undefined {
  const start = groups[0].start
  const end = groups.at(-1)!.start + groups.at(-1)!.digits.length
  if (uuids.some(([from, to]) => start < to && end > from)) return "a UUID"
  if (/SBX$/.test(text.slice(Math.max(0, start - 3), start)))
    return "a sandbox transaction id"
  if (/\d\.$/.test(text.slice(Math.max(0, start - 2), start)))
    return "the fraction of a decimal number"
  // a group that is one of these makes the run a timestamp or an id, whatever digits follow it
  for (const { digits, start: at } of groups) {
    if (hexToken(text, at, at + digits.length)) return "a hexadecimal token"
    if (digits.length === 13 && Math.abs(Number(digits) - now) < TEN_YEARS_MS)
      return "a time in milliseconds"
    if (digits.length === 14 && compactTime(digits)) return "a compact time"
    if (digits.length === 8 && compactTime(`${digits}000000`))
      return "a compact date"
  }
  return undefined
}

/** Whether digits [start, end) lie inside a hexadecimal token of 24+ characters holding a letter. */
function hexToken(text: string, start: number, end: number): boolean {
  let from = start
  let to = end
  while (from > 0 && /[0-9a-f]/i.test(text[from - 1])) from--
  while (to < text.length && /[0-9a-f]/i.test(text[to])) to++
  return to - from >= 24 && /[a-f]/i.test(text.slice(from, to))
}

/** `YYYYMMDDHHMMSS` naming a real moment of this century. */
function compactTime(run: string): boolean {
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) =>
    Number(run.slice(at, i === 0 ? 4 : at + 2))
  )
  return (
    y >= 2000 &&
    y < 2100 &&
    mo >= 1 &&
    mo <= 12 &&
    d >= 1 &&
    d <= 31 &&
    h < 24 &&
    mi < 60 &&
    s < 60
  )
}

/** The runs taken for card numbers (what a scan reports). */
export function cardNumbersIn(text: string): string[] {
  return cardLikeRunsIn(text)
    .filter((hit) => !hit.excluded)
    .map((hit) => hit.run)
}
