import type { ReactNode } from 'react'

type FieldRowProps = { label: string; htmlFor?: string; children: ReactNode }

/** A line of the editor: its label (of the control `htmlFor` names, if any), then its controls. */
export function FieldRow({ label, htmlFor, children }: FieldRowProps) {
  return (
    <div className="cal-recurrence__row">
      {htmlFor ? (
        <label className="cal-recurrence__label" htmlFor={htmlFor}>
          {label}
        </label>
      ) : (
        <span className="cal-recurrence__label">{label}</span>
      )}
      <div className="cal-recurrence__control">{children}</div>
    </div>
  )
}
