import { errorMessage, sanitizeFlowForExport, type Flow } from '@weft/core'
import { notify } from '../../components/notifications/notify'
import { exportFileName, parseFlowFile } from '../canvas/save/flowFile'
import { downloadJson } from '../export-import/downloadJson'
import { canvasOf } from './canvasPathOf'

/**
 * Downloads a saved flow as the canvas's Export does: Flowise's flow file, credentials and secret
 * inputs stripped, named `<name> Chatflow.json` or `<name> Agents.json`.
 */
export function exportFlow(flow: Flow): void {
  const flowData = parseFlowFile(flow.flowData)
  if (!flowData) {
    notify(`Could not export ${flow.name}: its saved flow is not valid JSON with nodes and edges.`, 'error')
    return
  }
  try {
    downloadJson(sanitizeFlowForExport(flowData), exportFileName(flow.name, canvasOf(flow.type).kind))
  } catch (error) {
    // A node saved without its inputs cannot be sanitised; better no file than one with secrets in it.
    notify(`Could not export ${flow.name}: ${errorMessage(error)}`, 'error')
  }
}
