import ContentCopy from '@mui/icons-material/ContentCopy'
import OpenInNew from '@mui/icons-material/OpenInNew'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import FormControlLabel from '@mui/material/FormControlLabel'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { PUBLIC_FLOW_RATE_LIMIT } from '@weft/core'
import { copyText } from '../../../components/copyText'
import ListField from './ListField'
import OverrideConfigSection from './OverrideConfigSection'
import type { ConfigTabProps } from './useConfigForm'

/** Who may reach the flow without signing in: public link, allowed sites, and how often. */
export default function SecurityTab({
  form,
  update,
  errors,
  flowId,
  flowData,
}: ConfigTabProps & { flowId: string; flowData: string }) {
  const publicLink = `${window.location.origin}/chatbot/${encodeURIComponent(flowId)}`
  return (
    <Stack spacing={3}>
      <Box>
        <FormControlLabel
          control={<Switch checked={form.isPublic} onChange={(event) => update({ isPublic: event.target.checked })} />}
          label="Make public"
        />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          A public flow answers anyone: its chatbot page, embedded widgets and API calls without a key.
        </Typography>
        <TextField
          label="Public link"
          value={publicLink}
          size="small"
          fullWidth
          disabled={!form.isPublic}
          slotProps={{
            htmlInput: { readOnly: true },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title="Copy link">
                    <IconButton aria-label="Copy public link" onClick={() => void copyText(publicLink)} edge="end">
                      <ContentCopy fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Open the chatbot">
                    <IconButton
                      aria-label="Open public chatbot"
                      href={publicLink}
                      target="_blank"
                      rel="noopener"
                      disabled={!form.isPublic}
                    >
                      <OpenInNew fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>

      <Box>
        <Typography variant="subtitle2">Allowed origins</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Sites whose pages may use the chat. Leave the list empty to allow any site.
        </Typography>
        <ListField
          itemLabel="Origin"
          values={form.allowedOrigins}
          placeholder="https://example.com"
          onChange={(allowedOrigins) => update({ allowedOrigins })}
          errorOf={(index) => errors[`allowedOrigins.${index}`]}
        />
      </Box>

      <Box>
        <FormControlLabel
          control={
            <Switch checked={form.rateLimited} onChange={(event) => update({ rateLimited: event.target.checked })} />
          }
          label="Rate limit"
        />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          How many calls one client may make in a time window. A public flow without a limit of its own allows each
          client {PUBLIC_FLOW_RATE_LIMIT.limitMax} calls per {PUBLIC_FLOW_RATE_LIMIT.limitDuration} seconds; set a
          higher limit here if it needs more.
        </Typography>
        {form.rateLimited && (
          <Stack spacing={2}>
            <Stack direction="row" spacing={2}>
              <TextField
                label="Max requests"
                value={form.limitMax}
                onChange={(event) => update({ limitMax: event.target.value })}
                error={Boolean(errors.limitMax)}
                helperText={errors.limitMax}
                size="small"
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <TextField
                label="Window (seconds)"
                value={form.limitDuration}
                onChange={(event) => update({ limitDuration: event.target.value })}
                error={Boolean(errors.limitDuration)}
                helperText={errors.limitDuration}
                size="small"
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Stack>
            <TextField
              label="Message when the limit is reached"
              value={form.limitMsg}
              placeholder="You have reached the quota. Please try again later."
              onChange={(event) => update({ limitMsg: event.target.value })}
              size="small"
              fullWidth
            />
          </Stack>
        )}
      </Box>
      {!form.isPublic && form.allowedOrigins.length > 0 && (
        <Alert severity="info">Allowed origins matter once the flow is public or called with its API key.</Alert>
      )}
      <OverrideConfigSection form={form} update={update} errors={errors} flowData={flowData} />
    </Stack>
  )
}
