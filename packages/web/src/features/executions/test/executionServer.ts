import type { Execution } from '@weft/core'
import { json, restServer } from '../../credentials/test/restServer'
import { flowOf } from '../../flows/test/flowServer'

const flows = [
  flowOf('f1', 'Support triage', [], { type: 'AGENTFLOW' }),
  flowOf('f2', 'Research agent', [], { type: 'AGENTFLOW' }),
]

/**
 * The executions API over an in-memory list, as the server answers it: the list filtered by flow
 * and state and paged; delete by id list; share by PUT; resume of an interrupted run.
 */
export function executionServer(initial: Execution[]) {
  let executions = [...initial]
  const server = restServer((method, path, body) => {
    const [route = '', search = ''] = path.split('?')
    const params = new URLSearchParams(search)
    if (method === 'GET' && route === '/chatflows' && params.get('type') === 'AGENTFLOW') return json(flows)
    if (method === 'GET' && route === '/executions') {
      const matching = executions.filter(
        (execution) =>
          (!params.get('agentflowId') || execution.agentflowId === params.get('agentflowId')) &&
          (!params.get('state') || execution.state === params.get('state')),
      )
      const limit = Number(params.get('limit') ?? 10)
      const page = Number(params.get('page') ?? 1)
      return json({ data: matching.slice((page - 1) * limit, page * limit), total: matching.length })
    }
    if (method === 'DELETE' && route === '/executions') {
      const ids = (body as { executionIds: string[] }).executionIds
      executions = executions.filter((execution) => !ids.includes(execution.id))
      return json({ deleted: ids.length })
    }
    const resume = route.match(/^\/executions\/([^/]+)\/resume$/)
    if (method === 'POST' && resume) {
      executions = executions.map((execution) =>
        execution.id === resume[1] ? { ...execution, interrupted: false, state: 'FINISHED' } : execution,
      )
      return json({ text: 'done', executionId: resume[1] })
    }
    const id = route.match(/^\/executions\/([^/]+)$/)?.[1]
    const found = executions.find((execution) => execution.id === id)
    if (!found) return id ? json({ statusCode: 404, message: 'Execution not found' }, 404) : undefined
    if (method === 'GET') return json(found)
    if (method === 'PUT') {
      executions = executions.map((execution) =>
        execution.id === id ? { ...execution, ...(body as Partial<Execution>) } : execution,
      )
      return json(executions.find((execution) => execution.id === id))
    }
    return undefined
  })
  /** The filters and paging of every list request, in order. */
  const listQueries = () =>
    server
      .calls('GET')
      .filter((call) => call.path.startsWith('/executions?'))
      .map((call) => Object.fromEntries(new URLSearchParams(call.path.split('?')[1])))
  return { ...server, listQueries }
}
