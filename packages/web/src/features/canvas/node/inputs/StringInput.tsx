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
        // Fixed rows, resizable by hand: an auto-growing field measures its layout on every render,
        // which a flow of hundreds of nodes cannot afford when it opens.
        // (MUI's multiline field always auto-grows, so the textarea is given directly.)
        multiline={Boolean(param.rows)}
        slotProps={{
          input: param.rows ? { inputComponent: 'textarea' } : undefined,
          htmlInput: { 'aria-required': !param.optional, ...(param.rows ? { rows: param.rows, style: { resize: 'vertical' } } : {}) },
        }}
      />
    </FieldShell>
  )
}
