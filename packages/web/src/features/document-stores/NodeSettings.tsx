import ExpandMore from '@mui/icons-material/ExpandMore'
import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { DocumentStoreFile, InputParam, NodeDescriptor } from '@weft/core'
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
  /** Puts the node's additional params (search settings, batch sizes) in a closed "Additional settings" fold. */
  foldAdditional?: boolean
}

/**
 * A loader's, splitter's, embedding's or vector store's settings, drawn with the canvas's own input
 * fields (the credential picker included); file inputs upload into the store instead of travelling
 * inside the settings.
 */
export default function NodeSettings({ node, values, onChange, files, disabled, foldAdditional }: NodeSettingsProps) {
  const { params } = useMemo(() => nodeParams(node), [node])
  const shown = displayedParams(params, values)
  const folded = foldAdditional ? shown.filter((param) => param.additionalParams) : []
  const field = (param: InputParam) =>
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
    )
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {shown.filter((param) => !folded.includes(param)).map(field)}
      {folded.length > 0 && (
        <Accordion disableGutters variant="outlined" sx={{ borderRadius: 1, '&::before': { display: 'none' } }}>
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Typography variant="body2" fontWeight={500}>
              Additional settings
            </Typography>
          </AccordionSummary>
          <AccordionDetails sx={{ display: 'grid', gap: 2 }}>{folded.map(field)}</AccordionDetails>
        </Accordion>
      )}
    </Box>
  )
}
