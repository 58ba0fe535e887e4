import { createFlowNode, type FlowData } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { duplicateShownNode, toSavedFlow, toShownFlow } from './flowFormat'
import { promptTemplate } from './testing/descriptors'

const node = createFlowNode(promptTemplate, 'promptTemplate_0', { x: 10, y: 20 })
const saved: FlowData = {
  nodes: [
    { ...node, width: 300, height: 420 },
    { ...node, id: 'child', parentNode: 'loop', width: 300, height: 200 },
    { ...node, id: 'loop', type: 'iteration', width: 600, height: 400 },
  ],
  edges: [],
  viewport: { x: 0, y: 0, zoom: 1 },
}

describe('flow format on the canvas', () => {
  it('lets nodes size to their content, but keeps a container the size it was given', () => {
    const [plain, child, loop] = toShownFlow(saved).nodes as unknown as Record<string, unknown>[]
    expect(plain).toMatchObject({ initialWidth: 300, initialHeight: 420 })
    expect(plain).not.toHaveProperty('width')
    expect(child).toMatchObject({ parentId: 'loop', parentNode: 'loop' })
    expect(loop).toMatchObject({ width: 600, height: 400 })
  })

  it("shows a Flowise ChatOpenAI's basepath in our Base Path input", () => {
    const flowise = {
      ...node,
      data: { ...node.data, name: 'chatOpenAI', inputs: { basepath: 'http://127.0.0.1:8000/v1' } },
    }
    const shown = toShownFlow({ nodes: [flowise], edges: [] })
    expect(shown.nodes[0]!.data.inputs).toEqual({ basePath: 'http://127.0.0.1:8000/v1' })
  })

  it('saves what it loaded, with measured sizes and the current viewport', () => {
    const shown = toShownFlow(saved)
    const measured = {
      ...shown,
      nodes: shown.nodes.map((shownNode, index) =>
        index === 0 ? { ...shownNode, measured: { width: 320, height: 500 } } : shownNode,
      ),
    }
    const back = toSavedFlow(measured, { x: 5, y: 6, zoom: 0.5 })
    expect(back.nodes[0]).toEqual({ ...saved.nodes[0], width: 320, height: 500 })
    expect(back.nodes.slice(1)).toEqual(saved.nodes.slice(1))
    expect(back.viewport).toEqual({ x: 5, y: 6, zoom: 0.5 })
  })

  it('duplicates a node past its measured width without fixing the size of either', () => {
    const shown = { ...toShownFlow(saved), nodes: [{ ...node, measured: { width: 320, height: 500 } } as typeof node] }
    const { flow, nodeId } = duplicateShownNode(shown, 'promptTemplate_0')
    const copy = flow.nodes.find((candidate) => candidate.id === nodeId)!
    expect(copy.position).toEqual({ x: 10 + 320 + 50, y: 20 })
    expect(flow.nodes.every((candidate) => candidate.width === undefined)).toBe(true)
  })
})
