import { create } from 'zustand'

/** The confirm dialog of SPEC §3. */
export interface ConfirmOptions {
  title: string
  description?: string
  confirmButtonName?: string
  cancelButtonName?: string
  customBtnId?: string
}

interface ConfirmState extends Required<ConfirmOptions> {
  show: boolean
  resolve: ((confirmed: boolean) => void) | null
  open: (options: ConfirmOptions) => Promise<boolean>
  close: (confirmed: boolean) => void
}

const defaults = {
  show: false,
  title: '',
  description: '',
  confirmButtonName: 'OK',
  cancelButtonName: 'Cancel',
  customBtnId: '',
  resolve: null,
}

export const useConfirmStore = create<ConfirmState>()((set, get) => ({
  ...defaults,
  open: (options) => {
    get().resolve?.(false)
    return new Promise<boolean>((resolve) => set({ ...defaults, ...options, show: true, resolve }))
  },
  close: (confirmed) => {
    get().resolve?.(confirmed)
    set(defaults)
  },
}))
