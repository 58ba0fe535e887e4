import ErrorOutline from '@mui/icons-material/ErrorOutline'
import SearchOff from '@mui/icons-material/SearchOff'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CircularProgress from '@mui/material/CircularProgress'
import { Link } from 'react-router'
import EmptyState from '../../components/EmptyState'
import { dotGrid } from '../../theme/dotGrid'

type CanvasMessageProps =
  | { state: 'loading' }
  | { state: 'notFound'; what: string; backTo: string; backLabel: string }
  | { state: 'error'; what: string; onRetry: () => void }

/** What the canvas area shows instead of a canvas: loading, not found, or a failure to retry. */
export default function CanvasMessage(props: CanvasMessageProps) {
  return (
    <Box sx={(theme) => ({ ...dotGrid(theme), flexGrow: 1, display: 'grid', placeItems: 'center', p: 3 })}>
      {props.state === 'loading' && <CircularProgress role="status" aria-label="Loading" size={28} />}
      {props.state === 'notFound' && (
        <Card sx={{ maxWidth: 440 }}>
          <EmptyState icon={SearchOff} title={`${props.what} not found`} description="It may have been deleted, or it belongs to another workspace.">
            <Button variant="outlined" component={Link} to={props.backTo}>
              {props.backLabel}
            </Button>
          </EmptyState>
        </Card>
      )}
      {props.state === 'error' && (
        <Card sx={{ maxWidth: 440 }}>
          <EmptyState icon={ErrorOutline} title={`Could not load the ${props.what.toLowerCase()}`}>
            <Button variant="outlined" onClick={props.onRetry}>
              Retry
            </Button>
          </EmptyState>
        </Card>
      )}
    </Box>
  )
}
