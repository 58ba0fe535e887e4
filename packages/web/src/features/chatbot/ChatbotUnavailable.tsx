import ErrorOutline from '@mui/icons-material/ErrorOutline'
import Lock from '@mui/icons-material/LockOutlined'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import EmptyState from '../../components/EmptyState'

type ChatbotUnavailableProps = { reason: 'notPublic' } | { reason: 'error'; message: string; onRetry: () => void }

/** Why there is no chatbot to show: its flow is not public, or it could not be reached. */
export default function ChatbotUnavailable(props: ChatbotUnavailableProps) {
  return (
    <Card sx={{ width: '100%', maxWidth: 480 }}>
      {props.reason === 'notPublic' ? (
        <EmptyState
          icon={Lock}
          title="This chatbot is not public"
          description="Its owner has not shared it. Ask them for the address of a public chatbot."
        />
      ) : (
        <EmptyState
          icon={ErrorOutline}
          title="Chatbot"
          description={`This chatbot could not be loaded: ${props.message}`}
        >
          <Button variant="outlined" onClick={props.onRetry}>
            Retry
          </Button>
        </EmptyState>
      )}
    </Card>
  )
}
