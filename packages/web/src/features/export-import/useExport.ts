import { errorMessage } from '@weft/core'
import dayjs from 'dayjs'
import { useState } from 'react'
import { serverMessage } from '../../api/ApiError'
import { exportData } from '../../api/exportImport'
import { notify } from '../../components/notifications/notify'
import { downloadJson } from './downloadJson'
import { ALL_EXPORT_FLAGS, type ExportFlag } from '@weft/core'

/** Export the chosen types and download them; failures become the SPEC §8 notices. */
export function useExport(onDone: () => void) {
  const [exporting, setExporting] = useState(false)

  const run = async (chosen: readonly ExportFlag[]) => {
    setExporting(true)
    try {
      const bundle = await exportData(Object.fromEntries(ALL_EXPORT_FLAGS.map((flag) => [flag, chosen.includes(flag)])))
      try {
        downloadJson(bundle, `weft-export-${dayjs().format('YYYY-MM-DD')}.json`)
      } catch (error) {
        notify(`Failed to export all: ${errorMessage(error)}`, 'error')
      }
      onDone()
    } catch (error) {
      notify(`Failed to export: ${serverMessage(error) ?? 'Internal Server Error'}`, 'error')
    } finally {
      setExporting(false)
    }
  }

  return { exporting, run }
}
