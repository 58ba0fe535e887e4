import { useConfirmStore } from '../../store/confirm'

/** Ask the user to confirm; resolves true on confirm, false on cancel or Escape. */
export const useConfirm = () => useConfirmStore((state) => state.open)
