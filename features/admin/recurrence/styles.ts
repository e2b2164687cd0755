/**
 * The recurrence editor's styles, shipped with it (Payload's theme variables, so it follows the
 * admin's light and dark themes).
 */
export const RECURRENCE_CSS = `
.cal-recurrence { border: 1px solid var(--theme-elevation-150); border-radius: var(--style-radius-s, 4px); padding: calc(var(--base) * .75) var(--base); margin: 0 0 var(--spacing-field, 1.5rem); }
.cal-recurrence__legend { font-weight: 600; padding: 0 .4rem; }
.cal-recurrence__row { display: grid; grid-template-columns: minmax(7rem, 10rem) 1fr; gap: .5rem 1rem; align-items: start; margin: .6rem 0; }
.cal-recurrence__label { padding-top: .45rem; color: var(--theme-elevation-800); }
.cal-recurrence__control { display: flex; flex-direction: column; align-items: flex-start; gap: .4rem; }
.cal-recurrence__inline { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.cal-recurrence input[type=number], .cal-recurrence input[type=date], .cal-recurrence input[type=datetime-local], .cal-recurrence textarea {
  font: inherit; color: var(--theme-elevation-800); background: var(--theme-input-bg, var(--theme-elevation-0)); border: 1px solid var(--theme-elevation-150); border-radius: var(--style-radius-s, 4px); padding: .4rem .6rem; min-height: 2.3rem; }
.cal-recurrence input[type=number] { width: 6rem; }
.cal-recurrence textarea { width: 100%; font-family: var(--font-mono, monospace); }
.cal-recurrence__choice { min-width: 14rem; }
.cal-recurrence__choice .field-type { margin: 0; }
.cal-recurrence :is(input, textarea, .cal-recurrence__remove):focus-visible { outline: 2px solid var(--theme-success-500, #2e7d32); outline-offset: 1px; }
.cal-recurrence__weekdays { display: flex; flex-wrap: wrap; gap: .35rem; }
.cal-recurrence__weekday { display: inline-flex; align-items: center; gap: .3rem; border: 1px solid var(--theme-elevation-150); border-radius: 999px; padding: .25rem .6rem; cursor: pointer; }
.cal-recurrence__weekday:has(input:checked) { background: var(--theme-elevation-800); color: var(--theme-elevation-0); }
.cal-recurrence__month, .cal-recurrence__ends { display: flex; flex-direction: column; gap: .4rem; }
.cal-recurrence__dates, .cal-recurrence__next { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: .2rem; }
.cal-recurrence__dates li, .cal-recurrence__next li { display: flex; gap: .5rem; align-items: center; }
.cal-recurrence__next { list-style: decimal; padding-left: 1.6rem; }
.cal-recurrence__next li { display: list-item; }
.cal-recurrence__next time { margin-right: .5rem; }
.cal-recurrence__remove { font: inherit; line-height: 1; border: 1px solid var(--theme-elevation-150); border-radius: 999px; background: none; color: var(--theme-elevation-800); cursor: pointer; width: 1.6rem; height: 1.6rem; }
.cal-recurrence__remove:hover:not(:disabled) { background: var(--theme-error-100, #fdd); }
.cal-recurrence__preview { margin-top: .75rem; padding: .6rem .8rem; border-radius: var(--style-radius-s, 4px); background: var(--theme-elevation-50); }
.cal-recurrence__preview h4 { margin: .3rem 0; font-size: 1rem; }
.cal-recurrence__sentence { font-weight: 600; margin: 0 0 .3rem; }
.cal-recurrence__zone { font-weight: normal; color: var(--theme-elevation-600); }
.cal-recurrence__warning { color: var(--theme-error-500, #b00020); margin: .3rem 0; }
.cal-series-notice { border-left: 4px solid var(--theme-success-500, #2e7d32); background: var(--theme-elevation-50); padding: .6rem .9rem; margin: 0 0 var(--spacing-field, 1.5rem); border-radius: 0 var(--style-radius-s, 4px) var(--style-radius-s, 4px) 0; }
.cal-series-notice p { margin: 0 0 .3rem; }
.cal-series-notice__actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin-top: .5rem; }
.cal-series-notice__actions .btn { margin: 0; }
.cal-series-notice__hint { flex-basis: 100%; font-size: .85rem; color: var(--theme-elevation-600); }
.cal-series-notice__error { flex-basis: 100%; color: var(--theme-error-500, #b00020); }
`
