import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { ChatbotConfig } from '@weft/core'
import { errorMessage } from '@weft/core'
import { useState, type FormEvent } from 'react'
import type { StoredLead } from './chatStorage'

type LeadsConfig = NonNullable<ChatbotConfig['leads']>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Contact details the chatbot asks for before the conversation starts. */
export default function LeadForm({
  config,
  onSave,
}: {
  config: LeadsConfig
  onSave: (lead: StoredLead) => Promise<void>
}) {
  const [lead, setLead] = useState<StoredLead>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const fields = (['name', 'email', 'phone'] as const).filter((field) => config[field])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (config.email && !EMAIL.test(lead.email ?? '')) return setProblem('Please enter a valid email address.')
    setSaving(true)
    setProblem(null)
    try {
      await onSave(lead)
    } catch (error) {
      setProblem(errorMessage(error))
      setSaving(false)
    }
  }

  return (
    <Stack
      component="form"
      aria-label="Contact details"
      spacing={1.5}
      sx={{ p: 2 }}
      onSubmit={(event) => void submit(event)}
    >
      <Typography variant="subtitle1" component="h2">
        {config.title || 'Let us know where we can reach you'}
      </Typography>
      {fields.map((field) => (
        <TextField
          key={field}
          size="small"
          required
          type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
          label={{ name: 'Name', email: 'Email', phone: 'Phone' }[field]}
          value={lead[field] ?? ''}
          onChange={(event) => setLead((current) => ({ ...current, [field]: event.target.value }))}
        />
      ))}
      {problem && <Alert severity="error">{problem}</Alert>}
      <Button type="submit" variant="contained" disabled={saving}>
        Start chatting
      </Button>
    </Stack>
  )
}
