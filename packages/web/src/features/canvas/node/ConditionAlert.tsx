import Alert from '@mui/material/Alert'
import { conditionAlertFor } from './conditionAlert'

/** The alert of an incomplete condition node, shown while the user edits its rules. */
export default function ConditionAlert({ nodeName, inputs }: { nodeName: string; inputs: Record<string, unknown> }) {
  const alert = conditionAlertFor(nodeName, inputs)
  if (!alert) return null
  return (
    <Alert severity="warning" sx={{ fontSize: 13 }}>
      {alert}
    </Alert>
  )
}
