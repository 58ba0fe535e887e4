import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import CardGrid from './CardGrid'
import HoverCard from './HoverCard'

/** Placeholder cards with the shape of flow cards, while the list loads. */
export default function FlowSkeletons({ count = 6, label = 'Loading' }: { count?: number; label?: string }) {
  return (
    <CardGrid label={label}>
      {Array.from({ length: count }, (_, index) => (
        <HoverCard key={index}>
          <Skeleton variant="text" width="70%" height={28} />
          <Stack direction="row" spacing={0.75} sx={{ flexGrow: 1 }}>
            {[0, 1, 2].map((icon) => (
              <Skeleton key={icon} variant="circular" width={32} height={32} />
            ))}
          </Stack>
          <Skeleton variant="text" width="40%" />
        </HoverCard>
      ))}
    </CardGrid>
  )
}
