import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { TRACING_PROVIDERS } from '@weft/core'
import { withAnalyticSetting } from './analyticForm'
import TracingProviderSection from './TracingProviderSection'
import type { ConfigTabProps } from './useConfigForm'

/** Where the flow's runs are traced: LangSmith, Langfuse, Phoenix or an OpenTelemetry collector. */
export default function AnalyticsTab({ form, update }: ConfigTabProps) {
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Every run of this flow, from the canvas, the API or the chatbot, is sent as one trace: the run, each node it ran
        and the tokens its model used. Credentials and secret settings are never part of a trace, and a tracing service
        that is down never holds up an answer.
      </Typography>
      {TRACING_PROVIDERS.map((provider) => (
        <TracingProviderSection
          key={provider}
          provider={provider}
          setting={form.analytic[provider] ?? {}}
          onChange={(patch) => update({ analytic: withAnalyticSetting(form.analytic, provider, patch) })}
        />
      ))}
    </Stack>
  )
}
