import { explainToolName, type NewSavedTool, type SavedTool } from '@weft/core'
import type { ToolTestResult, ToolTestRun } from '../../../api/tools'
import { json, restServer } from '../../credentials/test/restServer'

export function toolOf(id: string, name: string, extra: Partial<SavedTool> = {}, hoursAgo = 1): SavedTool {
  return {
    id,
    name,
    description: `Does ${name}`,
    color: '#4F6BED',
    iconSrc: null,
    schema: null,
    func: 'return "ok"',
    workspaceId: 'w1',
    createdDate: '2024-01-01T00:00:00.000Z',
    // Each fixture its own time, so the newest-first order does not hang on the clock.
    updatedDate: new Date(Date.now() - hoursAgo * 3600_000).toISOString(),
    ...extra,
  }
}

const problem = (status: number, message: string) => json({ statusCode: status, message }, status)

/**
 * The tools API over an in-memory list, answering as the server does: a bad name 400, a taken one
 * 409. A test run answers what `onTest` gives (by default, the input echoed back).
 */
export function toolServer(
  initial: SavedTool[],
  onTest: (run: ToolTestRun) => ToolTestResult = (run) => ({ output: JSON.stringify(run.input) }),
) {
  let tools = [...initial]
  return restServer((method, path, body) => {
    const data = body as NewSavedTool | undefined
    if (method === 'GET' && path === '/tools') return json(tools)
    if (method === 'POST' && path === '/tools/test') return json(onTest(body as ToolTestRun))
    if (method === 'POST' && path === '/tools' && data) {
      const nameError = explainToolName(data.name)
      if (nameError) return problem(400, `name ${nameError}`)
      if (tools.some((tool) => tool.name === data.name)) return problem(409, `A tool named ${data.name} already exists`)
      const tool = toolOf(`t${tools.length + 1}`, data.name, { ...data, updatedDate: new Date().toISOString() })
      tools = [...tools, tool]
      return json(tool, 201)
    }
    const id = path.match(/^\/tools\/([^/]+)$/)?.[1]
    if (!id) return undefined
    const found = tools.find((tool) => tool.id === id)
    if (!found) return problem(404, 'Tool not found')
    if (method === 'GET') return json(found)
    if (method === 'PUT' && data) {
      const changed = { ...found, ...data, updatedDate: new Date().toISOString() }
      tools = tools.map((tool) => (tool.id === id ? changed : tool))
      return json(changed)
    }
    if (method === 'DELETE') {
      tools = tools.filter((tool) => tool.id !== id)
      return json({ id })
    }
    return undefined
  })
}
