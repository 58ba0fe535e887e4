import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import { useEffect, useRef, type ReactNode } from 'react'
import type { HumanInputAnswer } from '@weft/core'
import type { ChatAppearance } from './chatAppearance'
import type { ChatEntry } from './chatEntries'
import ChatMessageRow from './ChatMessageRow'
import type { FeedbackActions } from './FeedbackButtons'

interface MessageListProps {
  entries: ChatEntry[]
  /** Notes from the chat itself shown before the conversation (welcome). */
  before?: ChatEntry[]
  after?: ChatEntry[]
  loading?: boolean
  loadError?: string
  appearance?: ChatAppearance
  feedback?: FeedbackActions
  /** Answers a paused agentflow's Human Input step; absent where the chat cannot resume a run. */
  onHumanInput?: (entryId: string, type: HumanInputAnswer['type'], feedback: string) => void
  /** The chat is answering. */
  running?: boolean
  children?: ReactNode
}

/** The conversation, scrolled to its newest message as answers arrive. */
export default function MessageList({
  entries,
  before = [],
  after = [],
  loading,
  loadError,
  appearance,
  feedback,
  onHumanInput,
  running,
  children,
}: MessageListProps) {
  const list = useRef<HTMLDivElement>(null)
  const last = entries.at(-1)
  useEffect(() => {
    const element = list.current
    if (element) element.scrollTop = element.scrollHeight
  }, [entries.length, last?.content, after.length])

  // Only a row that waits for a choice depends on the chat's running, so the others keep their memo.
  const row = (entry: ChatEntry) => (
    <ChatMessageRow
      key={entry.id}
      entry={entry}
      style={entry.role === 'userMessage' ? appearance?.userMessage : appearance?.botMessage}
      feedback={feedback}
      errorText={appearance?.errorMessage}
      {...(entry.action ? { onHumanInput, busy: running } : {})}
    />
  )
  return (
    <Box
      ref={list}
      role="log"
      aria-label="Messages"
      sx={{
        flexGrow: 1,
        minHeight: 0,
        overflowY: 'auto',
        p: 1.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.25,
        fontSize: appearance?.fontSize,
      }}
    >
      {before.map(row)}
      {loading && <CircularProgress size={24} aria-label="Loading messages" sx={{ alignSelf: 'center' }} />}
      {loadError && <Alert severity="warning">Earlier messages could not be loaded: {loadError}</Alert>}
      {entries.map(row)}
      {after.map(row)}
      {children}
    </Box>
  )
}
