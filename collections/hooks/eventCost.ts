import type { CollectionBeforeChangeHook } from 'payload'
import { inferCurrency, rawCosts } from '../../core/lib/cost.js'

/**
 * When a write sets the cost but not its currency, the currency symbol and position are read from
 * the cost as written (`"20$"` → `$`, postfix; docs/v1-reference.md §4.8).
 */
export const eventCost: CollectionBeforeChangeHook = ({ data }) => {
  // On create Payload lists every field in `data`, so an empty symbol counts as not given.
  if (!('cost' in data) || data.currencySymbol) return data
  const currency = inferCurrency(rawCosts(data.cost) ?? [])
  data.currencySymbol = currency.symbol || null
  data.currencyPosition = currency.position || null
  return data
}
