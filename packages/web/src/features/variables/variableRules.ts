import { VARIABLE_NAME_PATTERN } from '@weft/core'
import { required, type Rule } from '../../components/form/validators'

const isIdentifier: Rule = (value) =>
  VARIABLE_NAME_PATTERN.test(value.trim())
    ? undefined
    : 'Use letters, digits and underscores only, starting with a letter or underscore'

/** A variable is read as `$vars.<name>`, so its name must be an identifier. */
export const variableNameRules = [required('Name'), isIdentifier]

/** How a flow reads the variable. */
export const usageOf = (name: string) => `$vars.${name}`
