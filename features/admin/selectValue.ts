/** The chosen value of one of Payload's selects (its `onChange` gives an option or a list). */
export function chosenValue(option: unknown): string {
  const chosen = Array.isArray(option) ? option[0] : option
  return chosen && typeof chosen === 'object' && 'value' in chosen ? String(chosen.value) : ''
}
