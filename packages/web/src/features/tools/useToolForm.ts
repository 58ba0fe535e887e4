import { errorMessage, type NewSavedTool } from '@weft/core'
import { useState } from 'react'
import { isUnchanged, schemaErrorOf, toToolBody, validateToolForm, type ToolForm } from './toolForm'

/**
 * The tool dialog's state: the form, its errors (shown once the user has tried to save, then kept
 * up to date; the schema's at once, as it is written like code), and the save.
 */
export function useToolForm(initial: ToolForm, onSubmit: (body: NewSavedTool) => Promise<void>) {
  const [form, setForm] = useState(initial)
  const [tried, setTried] = useState(false)
  const [saving, setSaving] = useState(false)
  const [serverError, setServerError] = useState<string>()
  const errors = tried ? validateToolForm(form) : { schema: schemaErrorOf(form.schema) }

  const update = (patch: Partial<ToolForm>) => setForm((current) => ({ ...current, ...patch }))

  async function save() {
    setTried(true)
    if (Object.keys(validateToolForm(form)).length > 0) return
    setSaving(true)
    setServerError(undefined)
    try {
      await onSubmit(toToolBody(form))
    } catch (error) {
      setServerError(errorMessage(error))
    } finally {
      setSaving(false)
    }
  }

  return { form, update, errors, saving, serverError, save, changed: !isUnchanged(form, initial) }
}
