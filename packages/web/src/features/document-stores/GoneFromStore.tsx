import SearchOff from '@mui/icons-material/SearchOff'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import { Link as RouterLink } from 'react-router'
import EmptyState from '../../components/EmptyState'
import BackHeader from './BackHeader'

interface GoneFromStoreProps {
  /** The page's title in its header. */
  title: string
  /** What is missing ("This loader is no longer in the store"). */
  heading: string
  /** What to do instead. */
  description: string
  back: { to: string; label: string }
}

/** A page inside a store whose loader or node is not there: says so, with the way back to the store. */
export default function GoneFromStore({ title, heading, description, back }: GoneFromStoreProps) {
  return (
    <>
      <BackHeader title={title} back={back} />
      <Card sx={{ borderStyle: 'dashed' }}>
        <EmptyState icon={SearchOff} title={heading} description={description}>
          <Button variant="outlined" component={RouterLink} to={back.to}>
            {back.label}
          </Button>
        </EmptyState>
      </Card>
    </>
  )
}
