import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import type { ChatStats } from '@weft/core'

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

/** The counts over what the filters select: messages, feedback, and the share of it that is positive. */
export default function StatsLine({ stats, failed }: { stats: ChatStats | undefined; failed: boolean }) {
  if (failed) {
    return (
      <Typography variant="body2" color="error">
        The counts could not be loaded.
      </Typography>
    )
  }
  if (!stats) return <Skeleton variant="text" width="70%" aria-label="Loading counts" />
  const parts = [plural(stats.totalMessages, 'message'), `${stats.totalFeedback} feedback`]
  if (stats.totalFeedback > 0) {
    parts.push(`${Math.round((stats.positiveFeedback / stats.totalFeedback) * 100)}% positive`)
  }
  return (
    <Typography variant="body2" color="text.secondary" aria-label="Counts">
      {parts.join(' · ')}
    </Typography>
  )
}
