import Card from '@mui/material/Card'
import Divider from '@mui/material/Divider'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

interface SettingsCardProps {
  title: string
  description: string
  children: ReactNode
}

export default function SettingsCard({ title, description, children }: SettingsCardProps) {
  return (
    <Card>
      <Stack spacing={0.5} sx={{ px: 3, py: 2.5 }}>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
      </Stack>
      <Divider />
      <Stack sx={{ p: 3 }}>{children}</Stack>
    </Card>
  )
}
