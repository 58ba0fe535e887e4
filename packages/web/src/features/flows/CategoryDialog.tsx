import Add from '@mui/icons-material/Add'
import Cancel from '@mui/icons-material/Cancel'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { Flow } from '@weft/core'
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { categoriesOf, categoryError, categoryTextOf } from './flowCategories'

interface CategoryDialogProps {
  flow: Flow
  /** Saves the category text (null for none); resolves false when the save failed, which it has reported. */
  onSubmit: (category: string | null) => Promise<boolean>
  onClose: () => void
}

/** Update Category: the flow's categories as chips, added one by one and removed with their ×. */
export default function CategoryDialog({ flow, onSubmit, onClose }: CategoryDialogProps) {
  const titleId = useId()
  const [categories, setCategories] = useState(() => categoriesOf(flow.category))
  const [draft, setDraft] = useState('')
  const [error, setError] = useState<string>()
  const [saving, setSaving] = useState(false)

  // The typed category joins the list; answers the new list, or undefined when the text is refused.
  const addDraft = (): string[] | undefined => {
    const problem = categoryError(draft, categories)
    if (problem) {
      setError(problem)
      return undefined
    }
    const next = [...categories, draft.trim()]
    setCategories(next)
    setDraft('')
    return next
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    addDraft()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    // A category typed but not yet added is saved too, as the user expects.
    const next = draft.trim() === '' ? categories : addDraft()
    if (!next) return
    setSaving(true)
    const saved = await onSubmit(categoryTextOf(next))
    setSaving(false)
    if (saved) onClose()
  }

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Update Category</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              Categories of {flow.name}: they show on its card and the search finds them.
            </Typography>
            {categories.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No categories yet.
              </Typography>
            ) : (
              <Stack direction="row" useFlexGap flexWrap="wrap" gap={1} role="list" aria-label="Categories">
                {categories.map((category) => (
                  <Chip
                    key={category}
                    role="listitem"
                    label={category}
                    size="small"
                    onDelete={() => setCategories(categories.filter((other) => other !== category))}
                    deleteIcon={<Cancel titleAccess={`Remove ${category}`} />}
                  />
                ))}
              </Stack>
            )}
            <Stack direction="row" spacing={1} alignItems="flex-start">
              <TextField
                label="New category"
                size="small"
                fullWidth
                autoFocus
                value={draft}
                error={Boolean(error)}
                helperText={error ?? 'Press Enter to add it.'}
                onChange={(event) => {
                  setDraft(event.target.value)
                  setError(undefined)
                }}
                onKeyDown={onKeyDown}
              />
              <Button
                variant="outlined"
                startIcon={<Add />}
                onClick={() => addDraft()}
                sx={{ flexShrink: 0, height: 40 }}
              >
                Add
              </Button>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
