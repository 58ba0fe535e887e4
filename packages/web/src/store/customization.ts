import { create } from 'zustand'
import { persist } from 'zustand/middleware'

/** Customization state of SPEC §3; only isDarkMode and isHorizontal outlive the page. */
interface CustomizationState {
  fontFamily: string
  borderRadius: number
  /** Whether the side menu is open. */
  opened: boolean
  isHorizontal: boolean
  isDarkMode: boolean
  setOpened: (opened: boolean) => void
  toggleDarkMode: () => void
}

export const useCustomization = create<CustomizationState>()(
  persist(
    (set) => ({
      fontFamily: 'Inter, Roboto, Arial, sans-serif',
      borderRadius: 12,
      opened: true,
      isHorizontal: false,
      isDarkMode: false,
      setOpened: (opened) => set({ opened }),
      toggleDarkMode: () => set((state) => ({ isDarkMode: !state.isDarkMode })),
    }),
    {
      name: 'weft.customization',
      partialize: ({ isDarkMode, isHorizontal }) => ({ isDarkMode, isHorizontal }),
    },
  ),
)
