import Box from '@mui/material/Box'
import type { ChatbotConfig } from '@weft/core'
import { useMemo, useState } from 'react'
import type { ChatAppearance } from './chatAppearance'
import { noteEntry, offeredFollowUps } from './chatEntries'
import ChatInput from './ChatInput'
import type { FeedbackActions } from './FeedbackButtons'
import LeadForm from './LeadForm'
import MessageList from './MessageList'
import StarterPrompts from './StarterPrompts'
import type { ChatSession } from './useChatSession'

/** What the conversation offers besides the messages; core's `chatbotView` gives it for a chatbot. */
export interface ConversationSettings {
  welcomeMessage?: string
  starterPrompts: readonly string[]
  /** Contact details to ask for before the first question. */
  leads?: ChatbotConfig['leads']
}

interface ChatConversationProps {
  session: ChatSession
  settings: ConversationSettings
  appearance?: ChatAppearance
  /** Thumbs under answers; none when not given. */
  feedback?: FeedbackActions
  autoFocus?: boolean
}

const THANKS = 'Thank you! What would you like to ask?'

/**
 * A conversation with a flow, shared by the canvas panel, the public chatbot page and its preview:
 * messages, starter prompts while empty, follow-up prompts under the newest answer, the lead form
 * when the chatbot asks for contact details first, and the question box.
 */
export default function ChatConversation({
  session,
  settings,
  appearance,
  feedback,
  autoFocus,
}: ChatConversationProps) {
  const [thanked, setThanked] = useState(false)
  const { welcomeMessage, starterPrompts, leads } = settings
  const askLead = Boolean(leads?.status) && !session.lead
  const before = useMemo(() => (welcomeMessage ? [noteEntry('welcome', welcomeMessage)] : []), [welcomeMessage])
  const after = useMemo(
    () => (thanked ? [noteEntry('lead-thanks', leads?.successMessage || THANKS)] : []),
    [thanked, leads?.successMessage],
  )
  const empty = session.entries.length === 0 && !session.loading
  const followUps = session.running ? [] : offeredFollowUps(session.entries)
  const ask = (prompt: string) => void session.send(prompt)
  const { answerHumanInput } = session

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
        onHumanInput={answerHumanInput && ((entryId, type, text) => void answerHumanInput(entryId, type, text))}
        running={session.running}
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
          {empty && <StarterPrompts prompts={starterPrompts} onPick={ask} />}
          <StarterPrompts prompts={followUps} onPick={ask} label="Follow-up prompts" />
          <ChatInput
            running={session.running}
            onSend={(question, uploads) => void session.send(question, uploads)}
            uploads={session.uploads}
            onStop={session.stop}
            style={appearance?.textInput}
            autoFocus={autoFocus}
          />
        </>
      )}
    </Box>
  )
}
