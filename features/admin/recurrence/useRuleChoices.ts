'use client'
import { useField } from '@payloadcms/ui'
import { useEffect, useRef, useState } from 'react'
import { defaultForm, type Frequency, readRules, ruleText, type RuleForm } from './ruleForm.js'

const sameList = (a: unknown, b: string[]) =>
  Array.isArray(a) && a.length === b.length && a.every((item, index) => item === b[index])

/**
 * The group's `rules` as the editor's choices: read once into a form (or kept as custom text when
 * the form cannot show them), and written back as RRULE text on each change.
 */
export function useRuleChoices(path: string, start: string, zone: string) {
  const rules = useField<unknown>({ path: `${path}.rules` })
  const [read, setRead] = useState(() => readRules(rules.value, start, zone))
  const [form, setForm] = useState<RuleForm>(read.form)
  const [customText, setCustomText] = useState(() =>
    read.kind === 'custom' ? read.rules.join('\n') : '',
  )

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

  /** The rules the preview and its sentence show: the choices' own while they make one. */
  const shownRules = custom
    ? storedRules
    : currentRule
      ? [currentRule]
      : form.frequency === 'none'
        ? []
        : storedRules

  return {
    form,
    custom,
    customText,
    storedRules,
    incomplete,
    shownRules,
    change,
    chooseFrequency,
    setCustomRules,
    leaveCustom,
  }
}

/** What each part of the choices gets: the form, and the change to make in it. */
export type RuleChoiceProps = {
  id: string
  form: RuleForm
  disabled: boolean
  onChange: (patch: Partial<RuleForm>) => void
}
