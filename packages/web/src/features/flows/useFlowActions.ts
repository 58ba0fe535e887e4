import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { errorMessage, type Flow } from '@weft/core'
import { useMemo } from 'react'
import { createFlow, deleteFlow, updateFlow } from '../../api/chatflows'
import { useConfirm } from '../../components/confirm/useConfirm'
import { notify } from '../../components/notifications/notify'
import { API_KEYS_KEY } from '../apikey/apiKeysKey'
import { FLOW_NAME_MAX_LENGTH } from './flowNameRules'
import { FLOWS_KEY } from './useFlowList'

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

const COPY_SUFFIX = ' (copy)'

/** `<name> (copy)`, shortened so it still fits the name's length limit. */
export const copyName = (name: string) => `${name.slice(0, FLOW_NAME_MAX_LENGTH - COPY_SUFFIX.length)}${COPY_SUFFIX}`

/**
 * Rename, duplicate, categorise and delete a flow through the API; each refreshes the lists and says how it went.
 * The functions keep their identity across renders, so memoised cards do not redraw.
 */
export function useFlowActions(noun: string) {
  const queryClient = useQueryClient()
  const confirm = useConfirm()
  return useMemo(() => flowActions(noun, queryClient, confirm), [noun, queryClient, confirm])
}

function flowActions(noun: string, queryClient: QueryClient, confirm: ReturnType<typeof useConfirm>) {
  const Noun = capitalised(noun)

  // Resolves true on success; failures are shown as a notification, never thrown.
  const attempt = async (verb: string, done: string, call: () => Promise<unknown>): Promise<boolean> => {
    try {
      await call()
      notify(`${Noun} ${done}`, 'success')
      return true
    } catch (error) {
      notify(`Failed to ${verb} ${noun}: ${errorMessage(error)}`, 'error')
      return false
    } finally {
      await queryClient.invalidateQueries({ queryKey: [FLOWS_KEY] })
    }
  }

  const rename = (flow: Flow, name: string) => attempt('rename', 'renamed', () => updateFlow(flow.id, { name }))

  const setCategory = (flow: Flow, category: string | null) =>
    attempt('update the categories of', 'categories updated', () => updateFlow(flow.id, { category }))

  // The configuration dialog saved the flow itself; its key binding shows on the API Keys page too.
  const configSaved = async () => {
    notify('Configuration saved', 'success')
    await Promise.all([FLOWS_KEY, API_KEYS_KEY].map((key) => queryClient.invalidateQueries({ queryKey: [key] })))
  }

  const duplicate = (flow: Flow) =>
    attempt('duplicate', 'duplicated', () =>
      createFlow({ name: copyName(flow.name), type: flow.type, flowData: flow.flowData, category: flow.category }),
    )

  const remove = async (flow: Flow) => {
    const confirmed = await confirm({
      title: 'Delete',
      description: `Delete ${noun} ${flow.name}?`,
      confirmButtonName: 'Delete',
    })
    return confirmed && attempt('delete', 'deleted', () => deleteFlow(flow.id))
  }

  return { rename, setCategory, configSaved, duplicate, remove }
}
