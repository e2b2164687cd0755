import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** axe-core on the parts of the page that `selector` names: serious and critical violations. */
export async function violations(page: Page, selector: string): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).include(selector).analyze()
  return found
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help}; ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    )
}
