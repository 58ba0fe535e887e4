import type { FlowTemplate } from '@weft/core'
import { useEffect } from 'react'
import type { CanvasRoute } from '../canvasRoute'
import { openFlow, parseFlowData, resetCanvas } from '../store/openFlow'

/** Shows a template read-only in the canvas store once it has loaded. */
export function useTemplateLoader(template: FlowTemplate | undefined, route: CanvasRoute): void {
  useEffect(() => {
    if (!template) return
    openFlow({
      kind: route.kind,
      record: null,
      name: template.templateName,
      flow: parseFlowData(template.flowData),
      readOnly: true,
    })
  }, [template, route])

  useEffect(() => resetCanvas, [])
}
