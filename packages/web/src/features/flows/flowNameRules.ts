import type { Rule } from '../../components/form/validators'
import { required } from '../../components/form/validators'

export const FLOW_NAME_MAX_LENGTH = 255

const notTooLong: Rule = (value) =>
  value.trim().length > FLOW_NAME_MAX_LENGTH ? `Name must be at most ${FLOW_NAME_MAX_LENGTH} characters` : undefined

/** A flow name: not blank, at most 255 characters (the column's size). */
export const flowNameRules = [required('Name'), notTooLong]
