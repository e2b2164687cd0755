import type { Context } from './context.js'
import { invalidParams, missingParams, type ApiError } from './errors.js'
import type { Input } from './input.js'
import { coerce, type LooseArgs, type Params } from './params.js'
import { holdsNul } from '../core/lib/nul.js'

/**
 * Validates arguments as the anchor's pipeline does (docs/v1-reference.md §1): required ones first,
 * then each given (or defaulted) value's kind (no NUL character in it: PostgreSQL cannot store one)
 * and the route's own check. Returns the typed arguments.
 */
export async function validateArgs(
  params: Params,
  input: Input,
  context: Context,
  invalid: (reasons: Record<string, string>) => ApiError = invalidParams,
): Promise<LooseArgs> {
  const missing = Object.entries(params)
    .filter(([name, spec]) => spec.required && (input[name] === undefined || input[name] === null))
    .map(([name]) => name)
  if (missing.length)
    throw invalid === invalidParams
      ? missingParams(missing)
      : invalid(Object.fromEntries(missing.map((name) => [name, `${name} is required.`])))
  const args: Record<string, unknown> = {}
  const reasons: Record<string, string> = {}
  for (const [name, spec] of Object.entries(params)) {
    const raw = input[name] ?? spec.default
    if (raw === undefined || raw === null) continue
    const result = coerce(spec, raw)
    if (!result.ok || holdsNul(result.value)) {
      reasons[name] = `${name} ${result.ok ? 'must not contain the NUL character' : result.reason}.`
      continue
    }
    const reason = spec.check ? await spec.check(result.value, context) : undefined
    if (reason) reasons[name] = reason
    else args[name] = result.value
  }
  if (Object.keys(reasons).length) throw invalid(reasons)
  return args
}
