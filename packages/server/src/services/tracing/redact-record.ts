import { redactSecrets } from '@weft/core'
import type { AttributeValue, RunRecord, SpanRecord } from './run-record.js'

const redactValue = (value: AttributeValue, secrets: readonly string[]): AttributeValue =>
  typeof value === 'string' ? redactSecrets(value, secrets) : value

function redactSpan(span: SpanRecord, secrets: readonly string[]): SpanRecord {
  const attributes = Object.fromEntries(
    Object.entries(span.attributes).map(([name, value]) => [name, redactValue(value, secrets)]),
  )
  return {
    ...span,
    name: redactSecrets(span.name, secrets),
    attributes,
    ...(span.error !== undefined ? { error: redactSecrets(span.error, secrets) } : {}),
  }
}

/** The record with every credential value the run or the export used taken out of its texts. */
export function redactRecord(record: RunRecord, secrets: readonly string[]): RunRecord {
  if (secrets.length === 0) return record
  return { root: redactSpan(record.root, secrets), nodes: record.nodes.map((node) => redactSpan(node, secrets)) }
}
