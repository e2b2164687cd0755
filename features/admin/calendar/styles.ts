/**
 * The calendar's styles, shipped with its components (the plugin has no stylesheet of its own to
 * import).
 */
export const CALENDAR_CSS = `
.cal-calendar { --cal-publish: #2e7d32; --cal-future: #1565c0; --cal-draft: #757575; --cal-pending: #ef6c00; --cal-private: #6a1b9a; padding-bottom: 2rem; }
.cal-calendar__bar { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; margin: 1rem 0; }
.cal-calendar__bar h2 { margin: 0 1rem 0 0; font-size: 1.4rem; min-width: 12rem; }
.cal-calendar__bar select, .cal-calendar__bar button, .cal-calendar__bar a.cal-calendar__switch { font: inherit; padding: .35rem .7rem; border: 1px solid var(--theme-elevation-250); border-radius: 4px; background: var(--theme-elevation-0); color: var(--theme-text); cursor: pointer; text-decoration: none; }
.cal-calendar__bar [aria-pressed="true"] { background: var(--theme-elevation-800); color: var(--theme-elevation-0); }
.cal-calendar__filters { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; margin-bottom: .75rem; }
.cal-calendar__filters label { display: flex; gap: .4rem; align-items: center; }
.cal-calendar__legend { display: flex; flex-wrap: wrap; gap: .75rem; margin: 0 0 .75rem; padding: 0; list-style: none; font-size: .85rem; }
.cal-calendar__legend li::before { content: ''; display: inline-block; width: .8em; height: .8em; margin-right: .3em; border-radius: 2px; background: var(--cal-color); }
.cal-calendar__notice { margin: .5rem 0; color: var(--theme-warning-750, #8a5300); }
.cal-calendar__head, .cal-week { display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); }
.cal-calendar__head div { padding: .3rem .4rem; font-weight: 600; font-size: .85rem; border-bottom: 1px solid var(--theme-elevation-150); }
.cal-week { border-bottom: 1px solid var(--theme-elevation-150); min-height: 7rem; }
.cal-calendar--week .cal-week { min-height: 24rem; }
.cal-day { border-left: 1px solid var(--theme-elevation-100); cursor: pointer; }
.cal-day__head { padding: .2rem; cursor: pointer; }
.cal-day--outside { background: var(--theme-elevation-50); }
.cal-day__head--today .cal-day__number { background: var(--theme-success-500, #2e7d32); color: #fff; border-radius: 999px; }
.cal-day__number { font: inherit; font-size: .85rem; border: 0; background: none; color: var(--theme-text); padding: .1rem .45rem; cursor: pointer; }
.cal-day__timed { list-style: none; margin: 0; padding: 0 .2rem .3rem; cursor: pointer; display: flex; flex-direction: column; gap: 2px; }
.cal-event { display: block; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; font-size: .8rem; padding: .05rem .35rem; border-radius: 3px; color: #fff; background: var(--cal-color); text-decoration: none; position: relative; z-index: 1; }
.cal-event:focus-visible, .cal-day__number:focus-visible { outline: 2px solid var(--theme-text); outline-offset: 1px; }
.cal-event--timed { background: none; color: var(--theme-text); border-left: 4px solid var(--cal-color); border-radius: 0; }
.cal-event--span { margin: 1px 2px; }
.cal-event--before { border-top-left-radius: 0; border-bottom-left-radius: 0; margin-left: 0; }
.cal-event--after { border-top-right-radius: 0; border-bottom-right-radius: 0; margin-right: 0; }
.cal-status-publish { --cal-color: var(--cal-publish); }
.cal-status-future { --cal-color: var(--cal-future); }
.cal-status-draft { --cal-color: var(--cal-draft); }
.cal-status-pending { --cal-color: var(--cal-pending); }
.cal-status-private { --cal-color: var(--cal-private); }
.cal-visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.cal-repeat { font-weight: 600; }
.cal-event-status { font-weight: 700; text-transform: uppercase; font-size: .9em; }
.cal-event--canceled { text-decoration: line-through; }
.cal-event--canceled.cal-event--span, .cal-event--postponed.cal-event--span { background: repeating-linear-gradient(135deg, var(--cal-color), var(--cal-color) 6px, color-mix(in srgb, var(--cal-color) 70%, #000) 6px, color-mix(in srgb, var(--cal-color) 70%, #000) 12px); }
.cal-event--postponed { font-style: italic; }
.cal-glance { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 1rem; margin-bottom: 2rem; }
.cal-glance section { border: 1px solid var(--theme-elevation-150); border-radius: 4px; padding: .75rem 1rem; }
.cal-glance h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
.cal-glance ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: .35rem; }
.cal-glance li { display: flex; flex-wrap: wrap; gap: .5rem; }
.cal-glance time { color: var(--theme-elevation-600); font-size: .85rem; }
`
