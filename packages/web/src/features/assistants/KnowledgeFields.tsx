import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { AssistantKnowledge, AssistantTool, DocumentStore, SavedTool } from '@weft/core'

const CALCULATOR: AssistantTool = { kind: 'node', name: 'calculator' }
const sameTool = (a: AssistantTool, b: AssistantTool) =>
  a.kind === b.kind && (a.kind === 'node' ? a.name === (b as typeof a).name : a.id === (b as typeof a).id)

interface ToolFieldsProps {
  savedTools: SavedTool[]
  value: AssistantTool[]
  onChange: (tools: AssistantTool[]) => void
}

/** The tools the assistant may call: the calculator and the workspace's saved tools. */
export function ToolFields({ savedTools, value, onChange }: ToolFieldsProps) {
  const toggle = (tool: AssistantTool, on: boolean) =>
    onChange(on ? [...value, tool] : value.filter((other) => !sameTool(other, tool)))
  const options: { tool: AssistantTool; label: string; description: string }[] = [
    { tool: CALCULATOR, label: 'Calculator', description: 'Works out arithmetic.' },
    ...savedTools.map((saved) => ({
      tool: { kind: 'saved', id: saved.id } as AssistantTool,
      label: saved.name,
      description: saved.description,
    })),
  ]
  return (
    <Stack spacing={0.5}>
      {options.map(({ tool, label, description }) => (
        <FormControlLabel
          key={tool.kind === 'node' ? tool.name : tool.id}
          control={
            <Checkbox
              size="small"
              checked={value.some((other) => sameTool(other, tool))}
              onChange={(event) => toggle(tool, event.target.checked)}
            />
          }
          label={
            <Stack>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {description}
              </Typography>
            </Stack>
          }
        />
      ))}
      {savedTools.length === 0 && (
        <Typography variant="caption" color="text.secondary">
          Tools you make under Tools appear here too.
        </Typography>
      )}
    </Stack>
  )
}

interface KnowledgeFieldsProps {
  stores: DocumentStore[]
  value: AssistantKnowledge[]
  onChange: (knowledge: AssistantKnowledge[]) => void
}

/** Document stores the assistant searches, each described so the model knows when to. */
export function KnowledgeFields({ stores, value, onChange }: KnowledgeFieldsProps) {
  const picked = (id: string) => value.find((item) => item.id === id)
  const toggle = (store: DocumentStore, on: boolean) =>
    onChange(
      on
        ? [...value, { id: store.id, name: store.name, description: store.description ?? '' }]
        : value.filter((item) => item.id !== store.id),
    )
  const describe = (id: string, description: string) =>
    onChange(value.map((item) => (item.id === id ? { ...item, description } : item)))
  if (stores.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No document stores yet: make one under Document Stores and upsert it, then pick it here.
      </Typography>
    )
  return (
    <Stack spacing={1}>
      {stores.map((store) => {
        const item = picked(store.id)
        return (
          <Stack key={store.id} spacing={0.5}>
            <FormControlLabel
              control={
                <Checkbox size="small" checked={Boolean(item)} onChange={(event) => toggle(store, event.target.checked)} />
              }
              label={
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {store.name}
                </Typography>
              }
            />
            {item && (
              <TextField
                size="small"
                label={`When to search ${store.name}`}
                placeholder="e.g. Staff handbook: holidays, expenses, equipment"
                value={item.description}
                onChange={(event) => describe(store.id, event.target.value)}
                sx={{ ml: 4 }}
              />
            )}
          </Stack>
        )
      })}
    </Stack>
  )
}
