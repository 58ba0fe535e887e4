import ThumbDown from '@mui/icons-material/ThumbDownAlt'
import ThumbDownOutlined from '@mui/icons-material/ThumbDownOffAlt'
import ThumbUp from '@mui/icons-material/ThumbUpAlt'
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOffAlt'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import type { FeedbackRating } from '@weft/core'
import { useState } from 'react'
import FeedbackCommentDialog from './FeedbackCommentDialog'
import type { GivenFeedback } from './useChatFeedback'

export interface FeedbackActions {
  given: Record<string, GivenFeedback>
  rate: (messageId: string, rating: FeedbackRating) => Promise<GivenFeedback | undefined>
  comment: (feedbackId: string, content: string) => Promise<void>
}

/** Thumbs up and down under an answer; thumbs down then asks, optionally, what was wrong. */
export default function FeedbackButtons({ messageId, feedback }: { messageId: string; feedback: FeedbackActions }) {
  const [commenting, setCommenting] = useState<string | null>(null)
  const rating = feedback.given[messageId]?.rating

  async function rate(next: FeedbackRating) {
    const saved = await feedback.rate(messageId, next)
    if (saved && next === 'THUMBS_DOWN') setCommenting(saved.id)
  }

  return (
    <Box sx={{ display: 'flex', gap: 0.25, mt: 0.25 }}>
      <Tooltip title="Helpful">
        <IconButton
          size="small"
          aria-label="Helpful"
          aria-pressed={rating === 'THUMBS_UP'}
          onClick={() => void rate('THUMBS_UP')}
        >
          {rating === 'THUMBS_UP' ? (
            <ThumbUp fontSize="inherit" color="success" />
          ) : (
            <ThumbUpOutlined fontSize="inherit" />
          )}
        </IconButton>
      </Tooltip>
      <Tooltip title="Not helpful">
        <IconButton
          size="small"
          aria-label="Not helpful"
          aria-pressed={rating === 'THUMBS_DOWN'}
          onClick={() => void rate('THUMBS_DOWN')}
        >
          {rating === 'THUMBS_DOWN' ? (
            <ThumbDown fontSize="inherit" color="error" />
          ) : (
            <ThumbDownOutlined fontSize="inherit" />
          )}
        </IconButton>
      </Tooltip>
      {commenting && (
        <FeedbackCommentDialog
          onClose={() => setCommenting(null)}
          onSend={(content) => {
            setCommenting(null)
            void feedback.comment(commenting, content)
          }}
        />
      )}
    </Box>
  )
}
