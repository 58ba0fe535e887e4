import Chat from '@mui/icons-material/ChatOutlined'
import Timeline from '@mui/icons-material/TimelineOutlined'
import Card from '@mui/material/Card'
import type { RouteRule } from '@weft/core'
import EmptyState from '../../components/EmptyState'

/** The public chatbot and execution pages until they are built. */
export default function PublicPlaceholder({ rule }: { rule: RouteRule }) {
  const isChatbot = rule.path.startsWith('/chatbot')
  return (
    <Card sx={{ width: '100%', maxWidth: 480 }}>
      <EmptyState
        icon={isChatbot ? Chat : Timeline}
        title={rule.title}
        description={isChatbot ? 'This chatbot will be available here soon.' : 'This execution will be shown here soon.'}
      />
    </Card>
  )
}
