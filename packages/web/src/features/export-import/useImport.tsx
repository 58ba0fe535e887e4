import { errorMessage, importTooLargeMessage } from '@weft/core'
import { useRef, useState, type ChangeEvent } from 'react'
import { serverMessage } from '../../api/ApiError'
import { importData } from '../../api/exportImport'
import LoadingDialog from '../../components/LoadingDialog'
import { notify } from '../../components/notifications/notify'
import { useSettings } from '../../store/settings'
import FlowiseImportDialog from './FlowiseImportDialog'

const INVALID_FILE = 'Invalid Imported File'
const RELOAD_DELAY_MS = 1500
/** A Flowise installation's SQLite database (Flowise names it database.sqlite): the picker then asks for its key. */
const FLOWISE_DATABASE = /\.(sqlite|sqlite3|db)$/i

/** A file the browser refuses before sending it, with the reason shown to the user. */
class RefusedFile extends Error {}

async function readBundle(file: File): Promise<unknown> {
  if (!file.name.toLowerCase().endsWith('.json')) throw new Error(INVALID_FILE)
  // The server refuses a larger body anyway; saying so here spares the upload.
  const limit = useSettings.getState().flowBodyLimitMb
  if (file.size > limit * 1024 * 1024) throw new RefusedFile(importTooLargeMessage(limit))
  return JSON.parse(await file.text())
}

/**
 * Import a .json export: a file picker, then an "Importing..." dialog, then a reload on success.
 * A Flowise SQLite database chosen instead opens "Import from a Flowise database", which asks for
 * its encryption key. Render `elements` once; call `choose` to open the picker.
 */
export function useImport() {
  const input = useRef<HTMLInputElement>(null)
  const [importing, setImporting] = useState(false)
  const [flowiseDatabase, setFlowiseDatabase] = useState<File | null>(null)

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (FLOWISE_DATABASE.test(file.name)) return setFlowiseDatabase(file)
    setImporting(true)
    try {
      await importData(await readBundle(file))
      notify('Import All successful', 'success')
      // Long enough to read the message; the page then reloads with what was imported.
      setTimeout(() => window.location.reload(), RELOAD_DELAY_MS)
    } catch (error) {
      const reason = error instanceof RefusedFile ? errorMessage(error) : serverMessage(error)
      notify(`Failed to import: ${reason ?? INVALID_FILE}`, 'error')
      setImporting(false)
    }
  }

  const elements = (
    <>
      <input
        ref={input}
        type="file"
        accept=".json,application/json,.sqlite,.sqlite3,.db"
        hidden
        aria-label="Import file"
        onChange={(event) => void onChange(event)}
      />
      <LoadingDialog open={importing} message="Importing..." />
      <FlowiseImportDialog database={flowiseDatabase} onClose={() => setFlowiseDatabase(null)} />
    </>
  )
  return { choose: () => input.current?.click(), elements }
}
