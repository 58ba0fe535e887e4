import Refresh from '@mui/icons-material/Refresh'
import Autocomplete from '@mui/material/Autocomplete'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormHelperText from '@mui/material/FormHelperText'
import IconButton from '@mui/material/IconButton'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import type { InputOption } from '@weft/core'
import { useId } from 'react'
import FieldShell from './FieldShell'
import { compactInput } from './fieldStyle'
import OptionText from './OptionText'
import type { InputFieldProps } from './types'
import { useLoadedOptions } from './useLoadedOptions'
import { toNameList } from './values'

type LabelOf = (name: string) => string | undefined

/**
 * The options to offer: those loaded, plus chosen ones not (yet) among them, named by the label the
 * caller knows for them, or else by their value.
 */
function withChosen(options: InputOption[], chosen: string[], labelOf?: LabelOf): InputOption[] {
  const known = new Set(options.map((option) => option.name))
  const unloaded = chosen.filter((name) => !known.has(name))
  return [...options, ...unloaded.map((name) => ({ label: labelOf?.(name) ?? name, name }))]
}

interface AsyncOptionsInputProps extends InputFieldProps {
  /** The label of a chosen option before the list is loaded (options load when it opens). */
  labelOf?: LabelOf
}

/** asyncOptions and asyncMultiOptions: a searchable list the server computes for this node. */
export default function AsyncOptionsInput({
  param,
  value,
  onChange,
  nodeId,
  nodeName,
  inputs,
  disabled,
  labelOf,
}: AsyncOptionsInputProps) {
  const id = useId()
  const multiple = param.type === 'asyncMultiOptions'
  const { status, options, error, load, loadOnce } = useLoadedOptions(nodeId, nodeName, param, inputs)
  const chosen = toNameList(value)
  const offered = withChosen(options, chosen, labelOf)
  const byName = (name: string) => offered.find((option) => option.name === name)!

  const reload = (
    <Tooltip title="Reload options">
      <span>
        <IconButton aria-label="Reload options" size="small" disabled={disabled} onClick={load}>
          <Refresh sx={{ fontSize: 16 }} />
        </IconButton>
      </span>
    </Tooltip>
  )
  const failure = status === 'error' && (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <FormHelperText error sx={{ m: 0, flex: 1 }}>
        Could not load options: {error}
      </FormHelperText>
      <Button size="small" onClick={load}>
        Retry
      </Button>
    </Box>
  )

  return (
    <FieldShell param={param} htmlFor={id} actions={reload} helper={failure}>
      <Autocomplete<InputOption, boolean>
        id={id}
        size="small"
        multiple={multiple}
        disabled={disabled}
        options={offered}
        value={multiple ? chosen.map(byName) : chosen[0] ? byName(chosen[0]) : null}
        loading={status === 'loading'}
        loadingText="Loading options…"
        noOptionsText={status === 'error' ? 'Could not load options' : 'No options'}
        onOpen={loadOnce}
        getOptionLabel={(option) => option.label}
        isOptionEqualToValue={(option, selected) => option.name === selected.name}
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            <OptionText option={option} />
          </li>
        )}
        renderInput={(field) => (
          <TextField
            {...field}
            placeholder={chosen.length === 0 ? (param.placeholder ?? 'Choose an option') : undefined}
            sx={compactInput}
          />
        )}
        onChange={(_event, selected) => {
          if (Array.isArray(selected)) onChange(selected.map((option) => option.name))
          else onChange(selected?.name ?? '')
        }}
      />
    </FieldShell>
  )
}
