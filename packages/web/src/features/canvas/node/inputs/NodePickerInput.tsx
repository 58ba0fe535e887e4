import Box from '@mui/material/Box'
import { useCanvasActions } from '../../canvasActions'
import AsyncOptionsInput from './AsyncOptionsInput'
import { pickerConfigName } from './nodePicker'
import PickedNodeSettings from './PickedNodeSettings'
import type { InputFieldProps } from './types'
import { useNodeDescriptor } from './useNodeDescriptor'
import { toText } from './values'

/**
 * A step's model or tool picker: the list of catalogue nodes, and under it the chosen node's own
 * settings, kept beside the choice (in the node's inputs, or in the same array row) as `<name>Config`.
 */
export default function NodePickerInput(props: InputFieldProps) {
  const { param, value, nodeId, inputs, item, disabled } = props
  const { setNodeInput } = useCanvasActions()
  const configName = pickerConfigName(param.name)
  const chosen = toText(value)
  // The list loads when it opens; until then the field names the chosen node by the label in its
  // descriptor, which its settings below load anyway (one shared request per node).
  const { descriptor } = useNodeDescriptor(chosen)
  const labelOf = (name: string) => (name === descriptor?.name ? descriptor.label : undefined)
  const setConfig = (config: Record<string, unknown>) =>
    item ? item.set(configName, config) : setNodeInput(nodeId, configName, config)
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <AsyncOptionsInput {...props} labelOf={labelOf} />
      {chosen && (
        <PickedNodeSettings
          chosen={chosen}
          pickerName={param.name}
          config={(item?.values ?? inputs)[configName]}
          onChange={setConfig}
          nodeId={nodeId}
          disabled={disabled}
        />
      )}
    </Box>
  )
}
