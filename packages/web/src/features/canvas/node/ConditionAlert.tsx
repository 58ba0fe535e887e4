import Alert from '@mui/material/Alert'
import { conditionNodeAlert } from '@weft/core'

/** The alert of an incomplete condition node, shown while the user edits its rules. */
export default function ConditionAlert({ nodeName, inputs }: { nodeName: string; inputs: Record<string, unknown> }) {
  const alert = conditionNodeAlert(nodeName, inputs)
  if (!alert) return null
  return (
    <Alert severity="warning" sx={{ fontSize: 13 }}>
      {alert}
    </Alert>
  )
}
