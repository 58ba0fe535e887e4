import ExpandMore from '@mui/icons-material/ExpandMore'
import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import FormHelperText from '@mui/material/FormHelperText'
import Typography from '@mui/material/Typography'
import { initNode, isInputDisplayed } from '@weft/core'
import { useId, useMemo } from 'react'
import InputField from './InputField'
import { useNodeDescriptor } from './useNodeDescriptor'

interface PickedNodeSettingsProps {
  /** The catalogue node the picker chose, e.g. `chatOpenAI`. */
  chosen: string
  /** The picker's own name (`llmModel`): stored inside the settings too, as Flowise does. */
  pickerName: string
  /** The stored settings (`<picker>Config`); what they leave out shows its default. */
  config: unknown
  onChange: (config: Record<string, unknown>) => void
  nodeId: string
  disabled?: boolean
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/**
 * The inputs of the node a step's picker chose (a chat model's name, temperature, address and
 * credential), drawn with the same fields as that node on a chatflow canvas. A change stores all of
 * them, defaults included, so the run gets what the user saw.
 */
export default function PickedNodeSettings({ chosen, pickerName, config, onChange, nodeId, disabled }: PickedNodeSettingsProps) {
  const { descriptor, error, retry } = useNodeDescriptor(chosen)
  const summaryId = useId()
  const node = useMemo(
    () => (descriptor ? initNode(descriptor, `${nodeId}-${pickerName}`) : undefined),
    [descriptor, nodeId, pickerName],
  )
  if (error)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <FormHelperText error sx={{ m: 0, flex: 1 }}>
          Could not load the settings of {chosen}: {error}
        </FormHelperText>
        <Button size="small" onClick={retry}>
          Retry
        </Button>
      </Box>
    )
  if (!node)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
        <CircularProgress size={14} />
        <Typography variant="caption">Loading settings…</Typography>
      </Box>
    )

  const values = { ...node.inputs, ...asRecord(config), [pickerName]: chosen }
  const params = node.inputParams.filter((param) => isInputDisplayed(param, values))
  if (params.length === 0) return null
  const set = (name: string, value: unknown) => onChange({ ...values, [name]: value })
  return (
    <Accordion defaultExpanded disableGutters variant="outlined" sx={{ borderRadius: 1, '&::before': { display: 'none' } }}>
      <AccordionSummary id={summaryId} expandIcon={<ExpandMore />} sx={{ minHeight: 36, '& .MuiAccordionSummary-content': { my: 0.5 } }}>
        <Typography sx={{ fontSize: 13, fontWeight: 600 }}>{node.label} settings</Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ display: 'grid', gap: 1.5, pt: 0 }}>
        {params.map((param) => (
          <InputField
            key={param.name}
            param={param}
            value={values[param.name]}
            onChange={(value) => set(param.name, value)}
            nodeId={nodeId}
            nodeName={chosen}
            inputs={values}
            disabled={disabled}
          />
        ))}
      </AccordionDetails>
    </Accordion>
  )
}
