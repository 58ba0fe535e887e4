import { useQueryClient } from '@tanstack/react-query'
import { errorMessage } from '@weft/core'
import { useCallback } from 'react'
import { notify } from '../notifications/notify'

/**
 * Runs a change to a list (delete, rename) and says how it went: a success notice, or the server's
 * reason. Resolves true on success and never throws; the list reloads either way.
 */
export function useListAction(key: string) {
  const queryClient = useQueryClient()
  return useCallback(
    async (call: () => Promise<unknown>, done: string, failed: string): Promise<boolean> => {
      try {
        await call()
        notify(done, 'success')
        return true
      } catch (error) {
        notify(`${failed}: ${errorMessage(error)}`, 'error')
        return false
      } finally {
        await queryClient.invalidateQueries({ queryKey: [key] })
      }
    },
    [key, queryClient],
  )
}
