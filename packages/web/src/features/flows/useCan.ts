import { isControlShown } from '@weft/core'
import { useAccessContext } from '../../store/useAccessContext'

/** Whether the signed-in user may use a control that needs `permission`. */
export function useCan(permission: string): boolean {
  const ctx = useAccessContext()
  return ctx !== undefined && isControlShown(ctx, { permission })
}
