import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime'

dayjs.extend(relativeTime)

/** "3 hours ago", for a card; the full date goes in the title for a hover. */
export const fromNow = (date: string) => dayjs(date).fromNow()

export const fullDate = (date: string) => dayjs(date).format('D MMM YYYY, HH:mm')
