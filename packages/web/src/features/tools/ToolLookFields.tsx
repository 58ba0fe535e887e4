import Check from '@mui/icons-material/Check'
import Palette from '@mui/icons-material/PaletteOutlined'
import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { useId, useState } from 'react'
import FormField from '../../components/form/FormField'
import { TOOL_COLORS, type ToolForm } from './toolForm'
import ToolIcon from './ToolIcon'

interface ToolLookFieldsProps {
  form: ToolForm
  update: (patch: Partial<ToolForm>) => void
  error: string | undefined
  disabled: boolean
}

const HEX = /^#[0-9a-f]{6}$/i

/** The tool's icon address with a live preview, and its colour, shown when it has no icon. */
export default function ToolLookFields({ form, update, error, disabled }: ToolLookFieldsProps) {
  const colourLabelId = useId()
  const [failedSrc, setFailedSrc] = useState<string>()
  const iconSrc = form.iconSrc.trim()
  const failed = iconSrc !== '' && failedSrc === iconSrc
  const custom = !TOOL_COLORS.some((color) => color.toLowerCase() === form.color.toLowerCase())
  return (
    <Stack direction="row" spacing={2} alignItems="flex-start">
      <Stack alignItems="center" spacing={0.75} sx={{ pt: 3.5, width: 72, flexShrink: 0 }}>
        <ToolIcon
          key={iconSrc}
          iconSrc={iconSrc || null}
          color={form.color}
          size={56}
          onError={() => setFailedSrc(iconSrc)}
        />
        <Typography variant="caption" color="text.secondary">
          Preview
        </Typography>
      </Stack>
      <Stack spacing={2} sx={{ flexGrow: 1, minWidth: 0 }}>
        <FormField
          name="iconSrc"
          label="Tool Icon Source"
          value={form.iconSrc}
          onChange={(event) => update({ iconSrc: event.target.value })}
          error={
            error ?? (failed ? 'Could not load this image: the address must serve an image over https.' : undefined)
          }
          helperText="An image address, e.g. https://example.com/weather.svg. Without one the tool shows its colour."
          disabled={disabled}
        />
        <Box>
          <Typography id={colourLabelId} variant="subtitle2" sx={{ mb: 0.75 }}>
            Colour
          </Typography>
          <Stack direction="row" spacing={1} alignItems="center" role="group" aria-labelledby={colourLabelId}>
            {TOOL_COLORS.map((color) => {
              const chosen = form.color.toLowerCase() === color.toLowerCase()
              return (
                <ButtonBase
                  key={color}
                  aria-label={`Colour ${color}`}
                  aria-pressed={chosen}
                  disabled={disabled}
                  onClick={() => update({ color })}
                  sx={{
                    width: 28,
                    height: 28,
                    borderRadius: '8px',
                    bgcolor: color,
                    color: '#fff',
                    outline: chosen ? 2 : 0,
                    outlineColor: 'text.primary',
                    outlineOffset: 2,
                  }}
                >
                  {chosen && <Check sx={{ fontSize: 16 }} />}
                </ButtonBase>
              )
            })}
            <Tooltip title="Custom colour">
              <Box
                sx={{
                  position: 'relative',
                  width: 28,
                  height: 28,
                  display: 'grid',
                  placeItems: 'center',
                  borderRadius: '8px',
                  border: 1,
                  borderStyle: custom ? 'solid' : 'dashed',
                  borderColor: 'divider',
                  background: custom ? form.color : 'transparent',
                  color: custom ? '#fff' : 'text.secondary',
                  outline: custom ? 2 : 0,
                  outlineColor: 'text.primary',
                  outlineOffset: 2,
                }}
              >
                {custom ? <Check sx={{ fontSize: 16 }} /> : <Palette sx={{ fontSize: 16 }} />}
                {/* The browser's own picker, invisible over the swatch so the swatch opens it. */}
                <Box
                  component="input"
                  type="color"
                  aria-label="Custom colour"
                  disabled={disabled}
                  value={HEX.test(form.color) ? form.color : '#000000'}
                  onChange={(event) => update({ color: event.target.value })}
                  sx={{ position: 'absolute', inset: 0, width: 1, height: 1, opacity: 0, cursor: 'pointer' }}
                />
              </Box>
            </Tooltip>
          </Stack>
        </Box>
      </Stack>
    </Stack>
  )
}
