import { useQueryClient } from '@tanstack/react-query'
import { errorMessage, type Execution } from '@weft/core'
import { useCallback } from 'react'
import { deleteExecutions, resumeExecution, updateExecution } from '../../api/executions'
import { useConfirm } from '../../components/confirm/useConfirm'
import { notify } from '../../components/notifications/notify'
import { EXECUTIONS_KEY, executionKey } from './executionKeys'

const plural = (count: number) => (count === 1 ? '1 execution' : `${count} executions`)

/** What a user can do to executions: delete (after asking), resume, share. Each says how it went. */
export function useExecutionActions() {
  const queryClient = useQueryClient()
  const confirm = useConfirm()

  const remove = useCallback(
    async (ids: string[]): Promise<boolean> => {
      const confirmed = await confirm({
        title: ids.length === 1 ? 'Delete execution' : 'Delete executions',
        description: `Delete ${plural(ids.length)}? Their recorded steps, inputs and outputs are removed for good.`,
        confirmButtonName: 'Delete',
      })
      if (!confirmed) return false
      try {
        const { deleted } = await deleteExecutions(ids)
        notify(`${plural(deleted ?? ids.length)} deleted`, 'success')
        return true
      } catch (error) {
        notify(`Failed to delete: ${errorMessage(error)}`, 'error')
        return false
      } finally {
        await queryClient.invalidateQueries({ queryKey: [EXECUTIONS_KEY] })
      }
    },
    [confirm, queryClient],
  )

  const resume = useCallback(
    async (id: string) => {
      try {
        await resumeExecution(id)
        notify('Execution resumed', 'success')
      } catch (error) {
        notify(`Failed to resume: ${errorMessage(error)}`, 'error')
      } finally {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: [EXECUTIONS_KEY] }),
          queryClient.invalidateQueries({ queryKey: executionKey(id) }),
        ])
      }
    },
    [queryClient],
  )

  const share = useCallback(
    async (execution: Execution, isPublic: boolean) => {
      try {
        const updated = await updateExecution(execution.id, { isPublic })
        queryClient.setQueryData(executionKey(execution.id), { ...execution, ...updated, isPublic })
        notify(
          isPublic ? 'Anyone with the link can now see this execution' : 'This execution is private again',
          'success',
        )
      } catch (error) {
        notify(`Failed to change sharing: ${errorMessage(error)}`, 'error')
      }
    },
    [queryClient],
  )

  return { remove, resume, share }
}
