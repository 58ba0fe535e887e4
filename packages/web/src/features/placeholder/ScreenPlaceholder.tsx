import Add from '@mui/icons-material/Add'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import type { RouteRule } from '@weft/core'
import { Link } from 'react-router'
import { menuIcon } from '../../components/menuIcon'
import EmptyState from '../../components/EmptyState'
import PageHeader from '../../components/PageHeader'
import { SCREEN_INFO } from './screenInfo'

/** A main-layout screen that a later release builds: its title, what it will hold, an empty state. */
export default function ScreenPlaceholder({ rule }: { rule: RouteRule }) {
  const info = SCREEN_INFO[rule.path] ?? { icon: '', description: '', empty: 'Nothing here yet' }
  const action = info.action && (
    <Button component={Link} to={info.action.to} variant="contained" startIcon={<Add />}>
      {info.action.label}
    </Button>
  )
  return (
    <>
      <PageHeader title={rule.title} description={info.description}>
        {action}
      </PageHeader>
      <Card sx={{ borderStyle: 'dashed' }}>
        <EmptyState
          icon={menuIcon(info.icon)}
          title={info.empty}
          description={`${rule.title} will appear here once this part of Weft is ready.`}
        />
      </Card>
    </>
  )
}
