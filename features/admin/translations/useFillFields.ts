'use client'
import { useForm } from '@payloadcms/ui'
import { useCallback } from 'react'

/**
 * Puts values into the form's fields (a copy of the source, a draft translation), unsaved. They
 * become the fields' initial values too: the rich-text editor shows a new document only when its
 * initial value changes, as after a save. The form is marked changed.
 */
export function useFillFields() {
  const { dispatchFields, getFields, setModified } = useForm()
  return useCallback(
    (fields: Record<string, unknown>) => {
      const state = { ...getFields() }
      for (const [path, value] of Object.entries(fields))
        state[path] = { ...state[path], value, initialValue: value }
      dispatchFields({ type: 'REPLACE_STATE', state })
      setModified(true)
    },
    [dispatchFields, getFields, setModified],
  )
}
