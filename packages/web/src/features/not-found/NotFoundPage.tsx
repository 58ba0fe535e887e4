import ExploreOff from '@mui/icons-material/ExploreOffOutlined'
import Button from '@mui/material/Button'
import { DEFAULT_PATH } from '@weft/core'
import { Link } from 'react-router'
import EmptyState from '../../components/EmptyState'

export default function NotFoundPage() {
  return (
    <EmptyState icon={ExploreOff} title="Page not found" description="There is nothing at this address. It may have moved, or the link may be wrong.">
      <Button component={Link} to={DEFAULT_PATH} variant="contained">
        Go to Chatflows
      </Button>
    </EmptyState>
  )
}
