import type { ReactNode } from 'react'

/** The radio buttons of one choice: each button's id is `${id}-${value}`. */
export type RadioGroup<V extends string> = {
  id: string
  name: string
  chosen: V
  disabled: boolean
  onChoose: (value: V) => void
}

type RadioOptionProps<V extends string> = {
  group: RadioGroup<V>
  value: V
  label: string
  /** The option's own controls, after its label. */
  children?: ReactNode
}

/** One option of a radio group, on a line: its button, its label, then its own controls. */
export function RadioOption<V extends string>({
  group,
  value,
  label,
  children,
}: RadioOptionProps<V>) {
  return (
    <span className="cal-recurrence__inline">
      <input
        type="radio"
        id={`${group.id}-${value}`}
        name={group.name}
        checked={group.chosen === value}
        disabled={group.disabled}
        onChange={() => group.onChoose(value)}
      />
      <label htmlFor={`${group.id}-${value}`}>{label}</label>
      {children}
    </span>
  )
}
