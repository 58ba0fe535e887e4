import { errorMessage, type Flow } from '@weft/core'
import { useState } from 'react'
import { updateFlowConfig } from '../../../api/flowConfig'
import { configFormOf, toFlowConfigUpdate, validateConfigForm, type ConfigErrors, type ConfigForm } from './configForm'

/** What each tab of the configuration dialog gets. */
export interface ConfigTabProps {
  form: ConfigForm
  update: (patch: Partial<ConfigForm>) => void
  errors: ConfigErrors
}

/**
 * The dialog's state: the form, its errors (shown once the user has tried to save, then kept up to
 * date as they type), and the save that sends the flow's sharing fields.
 */
export function useConfigForm(record: Flow, onSaved: (flow: Flow) => void) {
  const [form, setForm] = useState(() => configFormOf(record))
  const [tried, setTried] = useState(false)
  const [saving, setSaving] = useState(false)
  const [serverError, setServerError] = useState<string>()
  const errors = tried ? validateConfigForm(form) : {}

  const update = (patch: Partial<ConfigForm>) => setForm((current) => ({ ...current, ...patch }))

  /** Saves a valid form; gives back the errors that stopped it. */
  async function save(): Promise<ConfigErrors> {
    setTried(true)
    const found = validateConfigForm(form)
    if (Object.keys(found).length > 0) return found
    setSaving(true)
    setServerError(undefined)
    try {
      onSaved(await updateFlowConfig(record.id, toFlowConfigUpdate(form, record)))
    } catch (error) {
      setServerError(errorMessage(error))
    } finally {
      setSaving(false)
    }
    return {}
  }

  return { form, update, errors, saving, serverError, save }
}
