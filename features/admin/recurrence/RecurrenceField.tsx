'use client'
import { Button, SelectInput, useField, useFormFields } from '@payloadcms/ui'
import type { GroupFieldClientComponent } from 'payload'
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import type { CalendarTextKey } from '../../../core/translations/index.js'
import { chosenValue } from '../selectValue.js'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { describeRule } from '../../../core/lib/recurrence.js'
import {
  defaultForm,
  formatWallClock,
  type Frequency,
  MAX_COUNT,
  MAX_INTERVAL,
  previewDates,
  readRules,
  ruleLanguage,
  ruleText,
  type RuleForm,
  SET_POSITIONS,
  type SetPosition,
  wallClockFromInput,
  wallClockList,
  wallClockOf,
  type Weekday,
  WEEKDAYS,
} from './ruleForm.js'
import { RECURRENCE_CSS } from './styles.js'

const FREQUENCY_KEYS: Record<Frequency, CalendarTextKey> = {
  none: 'none',
  daily: 'daily',
  weekly: 'weekly',
  monthly: 'monthly',
  yearly: 'yearly',
}
const UNIT_KEYS: Record<Exclude<Frequency, 'none'>, CalendarTextKey> = {
  daily: 'days',
  weekly: 'weeks',
  monthly: 'months',
  yearly: 'years',
}
const POSITION_KEYS: Record<SetPosition, CalendarTextKey> = {
  1: 'first',
  2: 'second',
  3: 'third',
  4: 'fourth',
  [-1]: 'last',
}

/** A weekday's name in the language (Monday first, as RRULE's MO…SU). */
const weekdayName = (day: Weekday, language: string, width: 'long' | 'short') =>
  new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day))),
  )

const sameList = (a: unknown, b: string[]) =>
  Array.isArray(a) && a.length === b.length && a.every((item, index) => item === b[index])

/**
 * The event's `recurrence` group as an editor: a frequency, an interval, weekdays, a month pattern,
 * an end, extra and excluded dates; the rule said in the admin's language and the next ten dates
 * before saving. It writes what the model stores (RRULE texts, wall clocks in the event's zone);
 * rules it cannot show are kept as they are, in a text box.
 */
type DateAdderProps = {
  id: string
  type: 'date' | 'datetime-local'
  name: string
  value: string
  onValue: (value: string) => void
  canAdd: boolean
  disabled: boolean
  onAdd: () => void
  label: string
}

/** A date input and its Add button (Enter adds too), for added and excluded dates. */
function DateAdder({
  id,
  type,
  name,
  value,
  onValue,
  canAdd,
  disabled,
  onAdd,
  label,
}: DateAdderProps) {
  return (
    <span className="cal-recurrence__inline">
      <input
        id={id}
        type={type}
        name={name}
        value={value}
        disabled={disabled}
        onChange={(event) => onValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            onAdd()
          }
        }}
      />
      <Button
        buttonStyle="secondary"
        size="small"
        margin={false}
        disabled={disabled || !canAdd}
        onClick={onAdd}
      >
        {label}
      </Button>
    </span>
  )
}

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
function Choice({ path, label, value, options, disabled, onChange }: ChoiceProps) {
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

export const RecurrenceField: GroupFieldClientComponent = (props) => {
  const { field, readOnly } = props
  const path = props.path ?? ('name' in field && field.name ? field.name : 'recurrence')
  const { i18n, t } = useCalendarTranslation()
  const language = i18n.language
  const id = useId()

  const rules = useField<unknown>({ path: `${path}.rules` })
  const rdates = useField<unknown>({ path: `${path}.rdates` })
  const exdates = useField<unknown>({ path: `${path}.exdates` })
  const startDate = useFormFields(([fields]) => fields.startDate?.value)
  const endDate = useFormFields(([fields]) => fields.endDate?.value)
  const zoneValue = useFormFields(([fields]) => fields.timezone?.value)
  const allDay = useFormFields(([fields]) => fields.allDay?.value) === true
  const zone = typeof zoneValue === 'string' && zoneValue ? zoneValue : 'UTC'
  const start = wallClockOf(startDate, zone) ?? ''

  const [read, setRead] = useState(() => readRules(rules.value, start, zone))
  const [form, setForm] = useState<RuleForm>(read.form)
  const [customText, setCustomText] = useState(() =>
    read.kind === 'custom' ? read.rules.join('\n') : '',
  )
  const [now, setNow] = useState<Date | null>(null)
  useEffect(() => setNow(new Date()), [])
  const [extraInput, setExtraInput] = useState('')
  const [excludedInput, setExcludedInput] = useState('')

  const extras = wallClockList(rdates.value)
  const excluded = wallClockList(exdates.value)
  const storedRules = Array.isArray(rules.value)
    ? rules.value.filter((rule): rule is string => typeof rule === 'string')
    : []
  const custom = read.kind === 'custom'
  const currentRule = custom ? null : ruleText(form, zone)
  const incomplete = !custom && form.frequency !== 'none' && currentRule === null

  /**
   * The choices changed: the rule they make is stored; an incomplete choice keeps the stored rule
   * (and says so).
   */
  const choose = (next: RuleForm) => {
    setForm(next)
    if (next.frequency === 'none') {
      if (storedRules.length) rules.setValue(null)
      return
    }
    const text = ruleText(next, zone)
    if (text && !sameList(rules.value, [text])) rules.setValue([text])
  }
  const change = (patch: Partial<RuleForm>) => choose({ ...form, ...patch })

  // An end date is the end of that day in the event's zone: a change of zone moves the UNTIL with
  // it.
  const zoneSeen = useRef(zone)
  useEffect(() => {
    if (zoneSeen.current === zone) return
    zoneSeen.current = zone
    if (!custom && form.frequency !== 'none' && form.ends === 'until') {
      const text = ruleText(form, zone)
      if (text && !sameList(rules.value, [text])) rules.setValue([text])
    }
  }, [zone, custom, form, rules])

  const chooseFrequency = (frequency: Frequency) => {
    // From "does not repeat", the weekday and day of the month come from the start as it is now.
    const base =
      form.frequency === 'none' && start
        ? {
            ...defaultForm(start),
            ends: form.ends,
            count: form.count,
            until: form.until || defaultForm(start).until,
          }
        : form
    choose({ ...base, frequency })
  }

  const setCustomRules = (text: string) => {
    setCustomText(text)
    const list = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
    rules.setValue(list.length ? list : null)
  }
  const leaveCustom = () => {
    const fresh = readRules(null, start, zone)
    setRead(fresh)
    setForm({ ...fresh.form, frequency: 'weekly' })
    const text = ruleText({ ...fresh.form, frequency: 'weekly' }, zone)
    rules.setValue(text ? [text] : null)
  }

  const shownRules = custom
    ? storedRules
    : currentRule
      ? [currentRule]
      : form.frequency === 'none'
        ? []
        : storedRules
  const sentence = shownRules
    .map((rule) => describeRule(rule, ruleLanguage(language), zone))
    .filter(Boolean)
    .join(' · ')
  const preview = useMemo(
    () =>
      shownRules.length || extras.length
        ? previewDates(
            { rules: shownRules, rdates: extras, exdates: excluded, startDate, endDate, zone },
            now ?? new Date(0),
            10,
          )
        : [],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shownRules.join('|'), extras.join('|'), excluded.join('|'), startDate, endDate, zone, now],
  )

  const addExtra = () => {
    const wall = wallClockFromInput(extraInput)
    if (!wall) return
    rdates.setValue(wallClockList([...extras, wall]))
    setExtraInput('')
  }
  const exclude = (wall: string) => exdates.setValue(wallClockList([...excluded, wall]))
  const addExcluded = () => {
    // An excluded date is a day at the series' own start time (the dates it would skip start then).
    if (!/^\d{4}-\d{2}-\d{2}$/.test(excludedInput) || !start) return
    exclude(`${excludedInput} ${start.slice(11)}`)
    setExcludedInput('')
  }
  const removeFrom = (list: string[], setValue: (value: unknown) => void, wall: string) => {
    const rest = list.filter((item) => item !== wall)
    setValue(rest.length ? rest : null)
  }

  const disabled = Boolean(readOnly)
  const repeats = custom || form.frequency !== 'none'
  const row = (label: string, control: ReactNode, htmlFor?: string) => (
    <div className="cal-recurrence__row">
      {htmlFor ? (
        <label className="cal-recurrence__label" htmlFor={htmlFor}>
          {label}
        </label>
      ) : (
        <span className="cal-recurrence__label">{label}</span>
      )}
      <div className="cal-recurrence__control">{control}</div>
    </div>
  )
  const dateList = (
    kind: 'extra' | 'excluded',
    list: string[],
    setValue: (value: unknown) => void,
  ) =>
    list.length > 0 && (
      <ul className={`cal-recurrence__dates cal-recurrence__dates--${kind}`}>
        {list.map((wall) => (
          <li key={wall} data-date={wall}>
            <span>{formatWallClock(wall, language, allDay)}</span>
            <button
              type="button"
              className="cal-recurrence__remove"
              disabled={disabled}
              onClick={() => removeFrom(list, setValue, wall)}
              aria-label={t('removeDate', { date: formatWallClock(wall, language, allDay) })}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    )

  return (
    <fieldset
      className="field-type cal-recurrence"
      id={`field-${path.replace(/\./g, '__')}`}
      aria-describedby={`${id}-description`}
    >
      <style>{RECURRENCE_CSS}</style>
      <legend className="cal-recurrence__legend">{t('repeats')}</legend>
      <p className="field-description" id={`${id}-description`}>
        {t('recurrenceDescription')}
      </p>

      {custom ? (
        <div className="cal-recurrence__custom">
          <p>{t('custom')}</p>
          {row(
            t('customRules'),
            <textarea
              id={`${id}-custom`}
              name="recurrence-custom"
              rows={Math.max(2, storedRules.length)}
              value={customText}
              disabled={disabled}
              onChange={(event) => setCustomRules(event.target.value)}
            />,
            `${id}-custom`,
          )}
          <Button buttonStyle="secondary" size="small" disabled={disabled} onClick={leaveCustom}>
            {t('replaceCustom')}
          </Button>
        </div>
      ) : (
        <>
          {row(
            t('frequency'),
            <Choice
              path={`${path}-frequency`}
              label={t('frequency')}
              value={form.frequency}
              disabled={disabled}
              options={(Object.keys(FREQUENCY_KEYS) as Frequency[]).map((frequency) => ({
                value: frequency,
                label: t(FREQUENCY_KEYS[frequency]),
              }))}
              onChange={(value) => chooseFrequency(value as Frequency)}
            />,
          )}
          {form.frequency !== 'none' && (
            <>
              {row(
                t('interval'),
                <span className="cal-recurrence__inline">
                  <input
                    id={`${id}-interval`}
                    name="recurrence-interval"
                    type="number"
                    min={1}
                    max={MAX_INTERVAL}
                    value={form.interval || ''}
                    disabled={disabled}
                    onChange={(event) => change({ interval: Number(event.target.value) })}
                  />
                  <span>{t(UNIT_KEYS[form.frequency])}</span>
                </span>,
                `${id}-interval`,
              )}
              {form.frequency === 'weekly' &&
                row(
                  t('onDays'),
                  <span className="cal-recurrence__weekdays" role="group" aria-label={t('onDays')}>
                    {WEEKDAYS.map((day) => {
                      const checked = form.weekdays.includes(day)
                      return (
                        <label
                          key={day}
                          className="cal-recurrence__weekday"
                          title={weekdayName(day, language, 'long')}
                        >
                          <input
                            type="checkbox"
                            name={`recurrence-weekday-${day}`}
                            checked={checked}
                            // The last weekday left stays: a weekly rule happens on some day.
                            disabled={disabled || (checked && form.weekdays.length === 1)}
                            aria-label={weekdayName(day, language, 'long')}
                            onChange={() =>
                              change({
                                weekdays: checked
                                  ? form.weekdays.filter((item) => item !== day)
                                  : [...form.weekdays, day],
                              })
                            }
                          />
                          <span aria-hidden="true">{weekdayName(day, language, 'short')}</span>
                        </label>
                      )
                    })}
                  </span>,
                )}
              {form.frequency === 'monthly' &&
                row(
                  t('monthPattern'),
                  <span
                    className="cal-recurrence__month"
                    role="radiogroup"
                    aria-label={t('monthPattern')}
                  >
                    <span className="cal-recurrence__inline">
                      <input
                        type="radio"
                        id={`${id}-month-day`}
                        name={`${id}-month-pattern`}
                        checked={form.monthPattern === 'day'}
                        disabled={disabled}
                        onChange={() => change({ monthPattern: 'day' })}
                      />
                      <label htmlFor={`${id}-month-day`}>{t('onMonthDay')}</label>
                      <Choice
                        path={`${path}-month-day`}
                        label={t('onMonthDay')}
                        value={String(form.monthDay)}
                        disabled={disabled || form.monthPattern !== 'day'}
                        options={[
                          ...Array.from({ length: 31 }, (_, index) => ({
                            value: String(index + 1),
                            label: String(index + 1),
                          })),
                          { value: '-1', label: t('lastDay') },
                        ]}
                        onChange={(value) => change({ monthDay: Number(value) })}
                      />
                    </span>
                    <span className="cal-recurrence__inline">
                      <input
                        type="radio"
                        id={`${id}-month-weekday`}
                        name={`${id}-month-pattern`}
                        checked={form.monthPattern === 'weekday'}
                        disabled={disabled}
                        onChange={() => change({ monthPattern: 'weekday' })}
                      />
                      <label htmlFor={`${id}-month-weekday`}>{t('onWeekday')}</label>
                      <Choice
                        path={`${path}-set-position`}
                        label={`${t('onWeekday')} (n)`}
                        value={String(form.setPosition)}
                        disabled={disabled || form.monthPattern !== 'weekday'}
                        options={SET_POSITIONS.map((position) => ({
                          value: String(position),
                          label: t(POSITION_KEYS[position]),
                        }))}
                        onChange={(value) => change({ setPosition: Number(value) as SetPosition })}
                      />
                      <Choice
                        path={`${path}-set-weekday`}
                        label={`${t('onWeekday')} (${t('onDays').toLowerCase()})`}
                        value={form.setWeekday}
                        disabled={disabled || form.monthPattern !== 'weekday'}
                        options={WEEKDAYS.map((day) => ({
                          value: day,
                          label: weekdayName(day, language, 'long'),
                        }))}
                        onChange={(value) => change({ setWeekday: value as Weekday })}
                      />
                    </span>
                  </span>,
                )}
              {row(
                t('ends'),
                <span className="cal-recurrence__ends" role="radiogroup" aria-label={t('ends')}>
                  <span className="cal-recurrence__inline">
                    <input
                      type="radio"
                      id={`${id}-ends-never`}
                      name={`${id}-ends`}
                      checked={form.ends === 'never'}
                      disabled={disabled}
                      onChange={() => change({ ends: 'never' })}
                    />
                    <label htmlFor={`${id}-ends-never`}>{t('never')}</label>
                  </span>
                  <span className="cal-recurrence__inline">
                    <input
                      type="radio"
                      id={`${id}-ends-count`}
                      name={`${id}-ends`}
                      checked={form.ends === 'count'}
                      disabled={disabled}
                      onChange={() => change({ ends: 'count' })}
                    />
                    <label htmlFor={`${id}-ends-count`}>{t('after')}</label>
                    <input
                      type="number"
                      name="recurrence-count"
                      aria-label={`${t('after')} (${t('occurrences')})`}
                      min={1}
                      max={MAX_COUNT}
                      value={form.count || ''}
                      disabled={disabled || form.ends !== 'count'}
                      onChange={(event) => change({ count: Number(event.target.value) })}
                    />
                    <span>{t('occurrences')}</span>
                  </span>
                  <span className="cal-recurrence__inline">
                    <input
                      type="radio"
                      id={`${id}-ends-until`}
                      name={`${id}-ends`}
                      checked={form.ends === 'until'}
                      disabled={disabled}
                      onChange={() => change({ ends: 'until' })}
                    />
                    <label htmlFor={`${id}-ends-until`}>{t('onDate')}</label>
                    <input
                      type="date"
                      name="recurrence-until"
                      aria-label={`${t('ends')}: ${t('onDate')}`}
                      value={form.until}
                      disabled={disabled || form.ends !== 'until'}
                      onChange={(event) => change({ until: event.target.value })}
                    />
                  </span>
                </span>,
              )}
              {incomplete && (
                <p className="cal-recurrence__warning" role="alert">
                  {t('incomplete')}
                </p>
              )}
            </>
          )}
        </>
      )}

      {row(
        t('extraDates'),
        <>
          {dateList('extra', extras, rdates.setValue)}
          <DateAdder
            id={`${id}-extra`}
            type="datetime-local"
            name="recurrence-extra"
            value={extraInput}
            onValue={setExtraInput}
            canAdd={Boolean(wallClockFromInput(extraInput))}
            disabled={disabled}
            onAdd={addExtra}
            label={t('add')}
          />
        </>,
        `${id}-extra`,
      )}
      {repeats &&
        row(
          t('excludedDates'),
          <>
            {dateList('excluded', excluded, exdates.setValue)}
            <DateAdder
              id={`${id}-excluded`}
              type="date"
              name="recurrence-excluded"
              value={excludedInput}
              onValue={setExcludedInput}
              canAdd={Boolean(excludedInput)}
              disabled={disabled || !start}
              onAdd={addExcluded}
              label={t('add')}
            />
          </>,
          `${id}-excluded`,
        )}

      {(repeats || extras.length > 0) && (
        <section
          className="cal-recurrence__preview"
          aria-labelledby={`${id}-preview`}
          aria-live="polite"
        >
          {sentence && <p className="cal-recurrence__sentence">{sentence}</p>}
          <h4 id={`${id}-preview`}>
            {t('nextDates')} <span className="cal-recurrence__zone">({zone})</span>
          </h4>
          {preview.length === 0 ? (
            <p>{t('noDates')}</p>
          ) : (
            <ol className="cal-recurrence__next">
              {preview.map((occurrence) => (
                <li key={occurrence.local} data-date={occurrence.local}>
                  <time dateTime={occurrence.start.toISOString()}>
                    {formatWallClock(occurrence.local, language, allDay)}
                  </time>
                  {repeats && !extras.includes(occurrence.local) && (
                    <button
                      type="button"
                      className="cal-recurrence__remove"
                      disabled={disabled}
                      onClick={() => exclude(occurrence.local)}
                      aria-label={t('excludeDate', {
                        date: formatWallClock(occurrence.local, language, allDay),
                      })}
                      title={t('exclude')}
                    >
                      ×
                    </button>
                  )}
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </fieldset>
  )
}
