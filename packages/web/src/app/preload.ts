import { matchPath } from 'react-router'
import { publicChatbotConfigQuery } from '../api/prediction'
import { queryClient } from './queryClient'
import { preloadScreen } from './screens'

/**
 * Starts what the opening page needs while the settings load, instead of one after the other: its
 * code, and for a public chatbot its configuration (a stranger's first visit is all waiting).
 */
export function preloadOpeningPage(pathname: string): void {
  preloadScreen(pathname)
  const chatbot = matchPath('/chatbot/:id', pathname)
  if (chatbot?.params.id) void queryClient.prefetchQuery(publicChatbotConfigQuery(chatbot.params.id))
}
