import { DEFAULT_FLOW_BODY_LIMIT_MB, parsePlatformType, type PlatformType } from '@weft/core'
import { create } from 'zustand'
import { getSettings } from '../api/settings'
import { getSetupStatus } from '../api/account'
import { loggedOr } from '../api/loggedOr'

interface SettingsState {
  platform: PlatformType
  /** True on a fresh install, until the first admin is created. */
  setupRequired: boolean
  /** The largest flow save or import file the server takes, in MB. */
  flowBodyLimitMb: number
  loading: boolean
  load: () => Promise<void>
  completeSetup: () => void
}

/** Settings read once at start; a failure is logged and loading still ends (SPEC §8). */
export const useSettings = create<SettingsState>()((set) => ({
  platform: 'open source',
  setupRequired: false,
  flowBodyLimitMb: DEFAULT_FLOW_BODY_LIMIT_MB,
  loading: true,
  load: async () => {
    const [settings, setup] = await Promise.all([
      loggedOr('settings', getSettings, undefined),
      loggedOr('organization setup status', getSetupStatus, { required: false }),
    ])
    set({
      platform: parsePlatformType(settings?.PLATFORM_TYPE),
      setupRequired: setup.required,
      flowBodyLimitMb: settings?.FLOW_BODY_LIMIT_MB ?? DEFAULT_FLOW_BODY_LIMIT_MB,
      loading: false,
    })
  },
  completeSetup: () => set({ setupRequired: false }),
}))
