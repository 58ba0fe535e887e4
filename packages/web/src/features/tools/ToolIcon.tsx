import Build from '@mui/icons-material/BuildOutlined'
import Box from '@mui/material/Box'
import { isToolIconSrc } from '@weft/core'
import { useState } from 'react'

interface ToolIconProps {
  iconSrc: string | null
  /** A CSS colour or gradient (Flowise saves gradients), shown when there is no icon. */
  color: string
  size?: number
  /** Told when the image fails to load, so a preview can say so. */
  onError?: () => void
}

/** A tool's icon, or a swatch of its colour with a wrench when it has none or it does not load. */
export default function ToolIcon({ iconSrc, color, size = 36, onError }: ToolIconProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const src = iconSrc && isToolIconSrc(iconSrc) && failed !== iconSrc ? iconSrc : null
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        display: 'grid',
        placeItems: 'center',
        borderRadius: '10px',
        border: 1,
        borderColor: 'divider',
        overflow: 'hidden',
        color: '#fff',
        background: src ? '#fff' : color,
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt=""
          onError={() => {
            setFailed(src)
            onError?.()
          }}
          sx={{ width: '80%', height: '80%', objectFit: 'contain' }}
        />
      ) : (
        <Build sx={{ fontSize: size * 0.5 }} />
      )}
    </Box>
  )
}
