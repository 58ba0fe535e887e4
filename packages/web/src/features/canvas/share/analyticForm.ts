import {
  readFlowAnalytic,
  TRACING_PROVIDERS,
  type AnalyticSetting,
  type Flow,
  type FlowAnalytic,
  type TracingProvider,
} from '@weft/core'
import type { FlowConfigUpdate } from '../../../api/flowConfig'

/** The flow's stored tracing settings as the Analytics tab edits them; Flowise's other providers ride along. */
export const analyticFormOf = (flow: Flow): FlowAnalytic => readFlowAnalytic(flow.analytic)

/** The settings with one provider's changed. */
export function withAnalyticSetting(
  analytic: FlowAnalytic,
  provider: TracingProvider,
  patch: AnalyticSetting,
): FlowAnalytic {
  return { ...analytic, [provider]: { ...analytic[provider], ...patch } }
}

/** A provider's setting as it is saved: the switch always, the credential and project only when given. */
function savedSetting(setting: AnalyticSetting): AnalyticSetting {
  const projectName = setting.projectName?.trim()
  return {
    ...setting,
    status: setting.status === true,
    ...(setting.credentialId ? { credentialId: setting.credentialId } : { credentialId: undefined }),
    ...(projectName ? { projectName } : { projectName: undefined }),
  }
}

/**
 * The `analytic` field of the save, as JSON text; left out for a flow that never had the setting
 * and where nothing was set, so it keeps none.
 */
export function analyticUpdate(analytic: FlowAnalytic, flow: Flow): Pick<FlowConfigUpdate, 'analytic'> {
  if (!flow.analytic && Object.keys(analytic).length === 0) return {}
  const saved: FlowAnalytic = { ...analytic }
  for (const provider of TRACING_PROVIDERS) {
    const setting = analytic[provider]
    if (setting) saved[provider] = savedSetting(setting)
  }
  return { analytic: JSON.stringify(saved) }
}
