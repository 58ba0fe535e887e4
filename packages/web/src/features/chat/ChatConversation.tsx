import Box from '@mui/material/Box'
import type { ChatbotConfig } from '@weft/core'
import { useMemo, useState } from 'react'
import type { ChatAppearance } from './chatAppearance'
import { noteEntry } from './chatEntries'
import ChatInput from './ChatInput'
import type { FeedbackActions } from './FeedbackButtons'
import LeadForm from './LeadForm'
import MessageList from './MessageList'
import StarterPrompts from './StarterPrompts'
import type { ChatSession } from './useChatSession'

interface ChatConversationProps {
  session: ChatSession
  config: ChatbotConfig
  appearance?: ChatAppearance
  feedback?: FeedbackActions
  autoFocus?: boolean
}

const THANKS = 'Thank you! What would you like to ask?'

/**
 * A conversation with a flow, shared by the canvas panel and the public chatbot page: messages,
 * starter prompts while empty, the lead form when the chatbot asks for contact details first, and
 * the question box.
 */
export default function ChatConversation({ session, config, appearance, feedback, autoFocus }: ChatConversationProps) {
  const [thanked, setThanked] = useState(false)
  const { welcomeMessage, starterPrompts = [], leads } = config
  const askLead = Boolean(leads?.status) && !session.lead
  const before = useMemo(() => (welcomeMessage ? [noteEntry('welcome', welcomeMessage)] : []), [welcomeMessage])
  const after = useMemo(
    () => (thanked ? [noteEntry('lead-thanks', leads?.successMessage || THANKS)] : []),
    [thanked, leads?.successMessage],
  )
  const empty = session.entries.length === 0 && !session.loading

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}>
      <MessageList
        entries={session.entries}
        before={before}
        after={after}
        loading={session.loading}
        loadError={session.loadError}
        appearance={appearance}
        feedback={feedback}
      />
      {askLead && leads ? (
        <LeadForm
          config={leads}
          onSave={async (lead) => {
            await session.saveLead(lead)
            setThanked(true)
          }}
        />
      ) : (
        <>
          {empty && <StarterPrompts prompts={starterPrompts} onPick={(prompt) => void session.send(prompt)} />}
          <ChatInput
            running={session.running}
            onSend={(question) => void session.send(question)}
            onStop={session.stop}
            style={appearance?.textInput}
            autoFocus={autoFocus}
          />
        </>
      )}
    </Box>
  )
}
