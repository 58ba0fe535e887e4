import Box from '@mui/material/Box'
import type { ChatImage } from './chatEntries'

/** The images a question carried, each opening in a new tab at full size. */
export default function MessageImages({ images }: { images: readonly ChatImage[] }) {
  return (
    <Box role="list" aria-label="Attached images" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 0.5 }}>
      {images.map((image, index) => (
        <Box
          key={`${image.name}-${index}`}
          role="listitem"
          component="a"
          href={image.src.startsWith('data:') ? undefined : image.src}
          target="_blank"
          rel="noopener"
          sx={{ display: 'block', lineHeight: 0 }}
        >
          <Box
            component="img"
            src={image.src}
            alt={image.name}
            sx={{
              // One size for every thumbnail, so a tiny image is seen and a large one does not fill the chat.
              width: 160,
              height: 'auto',
              maxHeight: 200,
              borderRadius: 1.5,
              border: 1,
              borderColor: 'divider',
              objectFit: 'contain',
              bgcolor: 'background.paper',
            }}
          />
        </Box>
      ))}
    </Box>
  )
}
