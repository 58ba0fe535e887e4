import { templateVariables } from '@weft/core'
import { useId, useMemo } from 'react'
import FieldShell from './FieldShell'
import LocalTextField from './LocalTextField'
import TemplateVariables from './TemplateVariables'
import type { InputFieldProps } from './types'
import { toText } from './values'

export default function StringInput({ param, value, onChange, disabled }: InputFieldProps) {
  const id = useId()
  const text = toText(value)
  const variables = useMemo(() => (param.acceptVariable ? templateVariables(text) : []), [param.acceptVariable, text])
  return (
    <FieldShell param={param} htmlFor={id} helper={variables.length > 0 && <TemplateVariables names={variables} />}>
      <LocalTextField
        id={id}
        value={value}
        onChange={onChange}
        placeholder={param.placeholder}
        disabled={disabled}
        multiline={Boolean(param.rows)}
        minRows={param.rows}
        maxRows={param.rows ? Math.max(param.rows, 12) : undefined}
        slotProps={{ htmlInput: { 'aria-required': !param.optional } }}
      />
    </FieldShell>
  )
}
