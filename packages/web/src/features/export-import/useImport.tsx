import { useRef, useState, type ChangeEvent } from 'react'
import { serverMessage } from '../../api/ApiError'
import { importData } from '../../api/exportImport'
import LoadingDialog from '../../components/LoadingDialog'
import { notify } from '../../components/notifications/notify'

const INVALID_FILE = 'Invalid Imported File'

async function readBundle(file: File): Promise<unknown> {
  if (!file.name.toLowerCase().endsWith('.json')) throw new Error(INVALID_FILE)
  return JSON.parse(await file.text())
}

/**
 * Import a .json export: a file picker, then an "Importing..." dialog, then a reload on success.
 * Render `elements` once; call `choose` to open the picker.
 */
export function useImport() {
  const input = useRef<HTMLInputElement>(null)
  const [importing, setImporting] = useState(false)

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setImporting(true)
    try {
      await importData(await readBundle(file))
      notify('Import All successful', 'success')
      window.location.reload()
    } catch (error) {
      notify(`Failed to import: ${serverMessage(error) ?? INVALID_FILE}`, 'error')
      setImporting(false)
    }
  }

  const elements = (
    <>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label="Import file"
        onChange={(event) => void onChange(event)}
      />
      <LoadingDialog open={importing} message="Importing..." />
    </>
  )
  return { choose: () => input.current?.click(), elements }
}
