'use client'
import { SelectInput } from '@payloadcms/ui'
import { chosenValue } from '../selectValue.js'

type ChoiceProps = {
  path: string
  label: string
  value: string
  options: { value: string; label: string }[]
  disabled: boolean
  onChange: (value: string) => void
}

/**
 * One of Payload's selects, named for screen readers by a group around it (its input takes no
 * label of its own).
 */
export function Choice({ path, label, value, options, disabled, onChange }: ChoiceProps) {
  return (
    <div role="group" aria-label={label} className="cal-recurrence__choice">
      <SelectInput
        path={path}
        name={path}
        options={options}
        value={value}
        isClearable={false}
        readOnly={disabled}
        onChange={(option) => {
          const chosen = chosenValue(option)
          if (chosen) onChange(chosen)
        }}
      />
    </div>
  )
}
