'use client'
import { useField } from '@payloadcms/ui'
import { useState } from 'react'
import { wallClockFromInput, wallClockList } from './ruleForm.js'

/** A list of dates in the group (`rdates` or `exdates`) with the input that adds to it. */
export type DatesControl = {
  list: string[]
  input: string
  setInput: (value: string) => void
  canAdd: boolean
  /** Nothing can be added yet (an excluded date needs the series' start). */
  blocked: boolean
  add: () => void
  remove: (wall: string) => void
}

const without = (list: string[], wall: string) => {
  const rest = list.filter((item) => item !== wall)
  return rest.length ? rest : null
}

/** The group's added dates (`rdates`) and excluded dates (`exdates`), as wall clocks. */
export function useRecurrenceDates(path: string, start: string) {
  const rdates = useField<unknown>({ path: `${path}.rdates` })
  const exdates = useField<unknown>({ path: `${path}.exdates` })
  const [extraInput, setExtraInput] = useState('')
  const [excludedInput, setExcludedInput] = useState('')
  const extras = wallClockList(rdates.value)
  const excluded = wallClockList(exdates.value)

  const exclude = (wall: string) => exdates.setValue(wallClockList([...excluded, wall]))
  const extra: DatesControl = {
    list: extras,
    input: extraInput,
    setInput: setExtraInput,
    canAdd: Boolean(wallClockFromInput(extraInput)),
    blocked: false,
    add: () => {
      const wall = wallClockFromInput(extraInput)
      if (!wall) return
      rdates.setValue(wallClockList([...extras, wall]))
      setExtraInput('')
    },
    remove: (wall) => rdates.setValue(without(extras, wall)),
  }
  const excludedDates: DatesControl = {
    list: excluded,
    input: excludedInput,
    setInput: setExcludedInput,
    canAdd: Boolean(excludedInput),
    blocked: !start,
    add: () => {
      // An excluded date is a day at the series' own start time (the dates it would skip start
      // then).
      if (!/^\d{4}-\d{2}-\d{2}$/.test(excludedInput) || !start) return
      exclude(`${excludedInput} ${start.slice(11)}`)
      setExcludedInput('')
    },
    remove: (wall) => exdates.setValue(without(excluded, wall)),
  }
  return { extra, excluded: excludedDates, exclude }
}
