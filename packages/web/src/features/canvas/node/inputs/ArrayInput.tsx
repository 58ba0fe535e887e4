import Add from '@mui/icons-material/Add'
import DeleteOutline from '@mui/icons-material/DeleteOutline'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import { isInputDisplayed, parseRows, type InputParam } from '@weft/core'
import FieldShell from './FieldShell'
import InputField from './InputField'
import { isNodePicker, withPickedValue } from './nodePicker'
import type { InputFieldProps } from './types'

const newItem = (fields: readonly InputParam[]) =>
  Object.fromEntries(fields.map((field) => [field.name, field.default ?? '']))

/**
 * A list of items, each a small form of `param.array` fields. Show rules inside an item name it by
 * `$index` (`conditions[$index].type`), so each item shows the fields its own choices call for.
 */
export default function ArrayInput({ param, value, onChange, nodeId, nodeName, inputs, disabled }: InputFieldProps) {
  const fields = param.array ?? []
  const items = parseRows(value)
  const scope = { ...inputs, [param.name]: items }
  const isPicker = (name: string) => fields.some((field) => field.name === name && isNodePicker(field, nodeName))
  const setField = (index: number, name: string, field: unknown) =>
    onChange(items.map((item, at) => (at === index ? withPickedValue(item, name, field, isPicker(name)) : item)))

  const addItem = (
    <Button
      size="small"
      startIcon={<Add />}
      disabled={disabled}
      onClick={() => onChange([...items, newItem(fields)])}
      sx={{ justifySelf: 'start' }}
    >
      Add {param.label}
    </Button>
  )
  return (
    <FieldShell param={param} helper={addItem}>
      {items.map((item, index) => (
        <Box key={index} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, display: 'grid', gap: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <Chip label={index} size="small" sx={{ height: 20, fontSize: 12 }} />
            <IconButton
              size="small"
              aria-label={`Delete ${param.label} ${index}`}
              disabled={disabled}
              onClick={() => onChange(items.filter((_, at) => at !== index))}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Box>
          {fields
            .filter((field) => isInputDisplayed(field, scope, index))
            .map((field) => (
              <InputField
                key={field.name}
                param={field}
                value={item[field.name] ?? field.default}
                onChange={(next) => setField(index, field.name, next)}
                nodeId={nodeId}
                nodeName={nodeName}
                inputs={scope}
                disabled={disabled}
                item={{ values: item, set: (name, next) => setField(index, name, next) }}
              />
            ))}
        </Box>
      ))}
    </FieldShell>
  )
}
