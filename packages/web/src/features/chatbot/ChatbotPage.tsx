import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import { useQuery } from '@tanstack/react-query'
import { chatbotView, errorMessage } from '@weft/core'
import { useMemo } from 'react'
import { useParams } from 'react-router'
import { ApiError } from '../../api/ApiError'
import { getPublicFlow, publicChatbotConfigQuery } from '../../api/prediction'
import Chatbot from './Chatbot'
import ChatbotUnavailable from './ChatbotUnavailable'

const isNotPublic = (error: unknown) => error instanceof ApiError && [401, 403, 404].includes(error.status)

/** /chatbot/:id: a public flow as a full-page chatbot, for anyone, signed in or not. */
export default function ChatbotPage() {
  const { id = '' } = useParams()
  const config = useQuery(publicChatbotConfigQuery(id))
  // The flow's name titles a chatbot whose owner set no title; without it the chatbot still works.
  const flow = useQuery({ queryKey: ['publicFlow', id], queryFn: () => getPublicFlow(id), retry: false })
  const view = useMemo(
    () => (config.data ? chatbotView(config.data, flow.data?.name) : undefined),
    [config.data, flow.data],
  )

  if (config.isPending || flow.isPending) return <CircularProgress role="status" aria-label="Loading" size={28} />
  if (config.isError)
    return isNotPublic(config.error) ? (
      <ChatbotUnavailable reason="notPublic" />
    ) : (
      <ChatbotUnavailable reason="error" message={errorMessage(config.error)} onRetry={() => void config.refetch()} />
    )
  return (
    <Box sx={{ width: '100%', maxWidth: 880, alignSelf: 'stretch', display: 'flex' }}>
      <Chatbot key={id} flowId={id} view={view ?? chatbotView({}, flow.data?.name)} />
    </Box>
  )
}
