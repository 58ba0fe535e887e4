import ErrorOutline from '@mui/icons-material/ErrorOutline'
import Refresh from '@mui/icons-material/Refresh'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import { errorMessage } from '@weft/core'
import EmptyState from '../../components/EmptyState'

/** A list that could not load: why, and a way to try again. */
export default function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <Card>
      <EmptyState icon={ErrorOutline} title={`Could not load ${what}`} description={errorMessage(error)}>
        <Button variant="outlined" startIcon={<Refresh />} onClick={onRetry}>
          Retry
        </Button>
      </EmptyState>
    </Card>
  )
}

/** A list that shows what it had but could not refresh. */
export function RefreshError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      Could not refresh {what}: {errorMessage(error)}
    </Alert>
  )
}
