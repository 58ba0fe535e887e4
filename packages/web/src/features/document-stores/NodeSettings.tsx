import Box from '@mui/material/Box'
import type { DocumentStoreFile, NodeDescriptor } from '@weft/core'
import { useMemo } from 'react'
import InputField from '../canvas/node/inputs/InputField'
import { displayedParams, isFileParam, nodeParams } from './loaderSettings'
import StoreFilesField from './StoreFilesField'

interface NodeSettingsProps {
  node: NodeDescriptor
  values: Record<string, unknown>
  onChange: (values: Record<string, unknown>) => void
  /** For a loader that reads files: the store they are uploaded into, and those uploaded so far. */
  files?: { storeId: string; chosen: DocumentStoreFile[]; onChange: (files: DocumentStoreFile[]) => void }
  disabled?: boolean
}

/**
 * A loader's or splitter's settings, drawn with the canvas's own input fields; file inputs upload
 * into the store instead of travelling inside the settings.
 */
export default function NodeSettings({ node, values, onChange, files, disabled }: NodeSettingsProps) {
  const { params } = useMemo(() => nodeParams(node), [node])
  const shown = displayedParams(params, values)
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {shown.map((param) =>
        isFileParam(param) ? (
          files && (
            <StoreFilesField
              key={param.name}
              param={param}
              storeId={files.storeId}
              files={files.chosen}
              onChange={files.onChange}
              disabled={disabled}
            />
          )
        ) : (
          <InputField
            key={param.name}
            param={param}
            value={values[param.name]}
            onChange={(value) => onChange({ ...values, [param.name]: value })}
            nodeId={`${node.name}_0`}
            nodeName={node.name}
            inputs={values}
            disabled={disabled}
          />
        ),
      )}
    </Box>
  )
}
