import Box from '@mui/material/Box'
import { alpha, useTheme, type Theme } from '@mui/material/styles'
import { previousNodes, type FlowNode, type InputOption, type NodeDescriptor } from '@weft/core'
import {
  Background,
  BackgroundVariant,
  Controls,
  MiniMap,
  Panel,
  ReactFlow,
  ReactFlowProvider,
  type Connection,
  type Viewport,
} from '@xyflow/react'
import '@xyflow/react/dist/style.css'
import { useMemo, useRef, useState } from 'react'
import AddNodesButton from './addNodes/AddNodesButton'
import { CanvasActionsContext, type CanvasActions } from './canvasActions'
import CannotRunNotice from './CannotRunNotice'
import CanvasToolbar from './CanvasToolbar'
import { asConnection, canConnect, explainRefusedConnection } from './connections'
import { edgeTypes } from './edges/edgeTypes'
import { nodeTypes } from './node/nodeTypes'
import { asCanvasEdges, asCanvasNodes } from './reactFlowTypes'
import {
  connect,
  duplicateOneNode,
  removeNode,
  setNodeInput,
  setNodeLabel,
  setNodeOutput,
  setViewport,
} from './store/canvasCommands'
import { useCanvasStore } from './store/canvasStore'
import { onEdgesChange, onNodesChange } from './store/reactFlowChanges'
import MakeRoomForChat from './MakeRoomForChat'
import { useCanvasKeyboard } from './useCanvasKeyboard'
import { initialViewport } from './initialViewport'
import { useNodeDrop } from './useNodeDrop'

const GRID: [number, number] = [15, 15]
// Shift drags a selection box; Ctrl, Cmd or Shift with a click adds a node to the selection.
const MULTI_SELECT_KEYS = ['Control', 'Meta', 'Shift']
// Beyond this many nodes, drawing only what is in view keeps dragging smooth.
const RENDER_VISIBLE_ONLY_ABOVE = 200
// The canvas fills the window below the canvas header.
const HEADER_HEIGHT = 56
// Far-away nodes (node/FarNode.tsx) draw with plain styles; these carry the theme to them.
const farNodeColors = (theme: Theme) => ({
  flexGrow: 1,
  minWidth: 0,
  position: 'relative',
  '--weft-far-node-bg': theme.palette.background.paper,
  '--weft-far-node-border': theme.palette.divider,
  '--weft-far-node-text': theme.palette.text.primary,
})

/**
 * How a loaded flow opens: at a view computed from saved positions, so a big flow is drawn only
 * where and as detailed as the view needs; a small one (cheap to draw in full) is then fitted again
 * to its measured sizes. An empty flow is never fitted, so its first node lands where it is dropped.
 */
const openingView = (loadCount: number, nodes: readonly FlowNode[]) => ({
  loadCount,
  viewport: initialViewport(nodes, window.innerWidth, Math.max(window.innerHeight - HEADER_HEIGHT, 1)),
  refit: nodes.length > 0 && nodes.length <= RENDER_VISIBLE_ONLY_ABOVE,
})
const FIT_MEASURED = { maxZoom: 1, padding: 0.2 }

/** Load methods the canvas answers from the flow itself instead of the server. */
function localOptions(nodeId: string, loadMethod: string): InputOption[] | undefined {
  if (loadMethod !== 'listPreviousNodes') return undefined
  return previousNodes(useCanvasStore.getState().flow, nodeId).map((node) => ({
    label: node.data.label,
    name: node.id,
    description: node.id,
  }))
}

const onConnect = (connection: Connection) => connect(asConnection(connection))
const onMoveEnd = (_event: unknown, viewport: Viewport) => setViewport(viewport)

/** The React Flow canvas of the flow in the canvas store, with its chrome. */
export default function FlowCanvas({ descriptors }: { descriptors: NodeDescriptor[] }) {
  return (
    <ReactFlowProvider>
      <Canvas descriptors={descriptors} />
    </ReactFlowProvider>
  )
}

function Canvas({ descriptors }: { descriptors: NodeDescriptor[] }) {
  const kind = useCanvasStore((state) => state.kind)
  const readOnly = useCanvasStore((state) => state.readOnly)
  const flowId = useCanvasStore((state) => state.record?.id)
  const nodes = useCanvasStore((state) => state.flow.nodes)
  const edges = useCanvasStore((state) => state.flow.edges)
  const snapToGrid = useCanvasStore((state) => state.snapToGrid)
  const loadCount = useCanvasStore((state) => state.loadCount)
  const theme = useTheme()
  const colorMode = theme.palette.mode
  const wrapper = useRef<HTMLDivElement>(null)
  useCanvasKeyboard(wrapper)
  const drop = useNodeDrop(descriptors)
  // A loaded flow opens fitted to the screen; an empty one stays put when its first node lands.
  const [opened, setOpened] = useState(() => openingView(loadCount, nodes))
  if (opened.loadCount !== loadCount) setOpened(openingView(loadCount, nodes))

  const byName = useMemo(() => new Map(descriptors.map((descriptor) => [descriptor.name, descriptor])), [descriptors])
  const actions = useMemo<CanvasActions>(
    () => ({
      kind,
      flowId,
      readOnly,
      setNodeInput,
      setNodeOutput,
      setNodeLabel,
      deleteNode: removeNode,
      duplicateNode: duplicateOneNode,
      nodeLabel: (name) => byName.get(name)?.label,
      nodeBadge: (name) => byName.get(name)?.badge,
      localOptions,
    }),
    [kind, flowId, readOnly, byName],
  )

  return (
    <CanvasActionsContext.Provider value={actions}>
      <Box ref={wrapper} data-testid="canvas" sx={farNodeColors} {...drop}>
        <ReactFlow
          key={loadCount}
          nodes={asCanvasNodes(nodes)}
          edges={asCanvasEdges(edges)}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          isValidConnection={canConnect}
          onConnectEnd={explainRefusedConnection}
          onMoveEnd={onMoveEnd}
          nodesConnectable={!readOnly}
          deleteKeyCode={null}
          selectionKeyCode="Shift"
          multiSelectionKeyCode={MULTI_SELECT_KEYS}
          snapToGrid={snapToGrid}
          snapGrid={GRID}
          onlyRenderVisibleElements={nodes.length > RENDER_VISIBLE_ONLY_ABOVE}
          defaultViewport={opened.viewport}
          fitView={opened.refit}
          fitViewOptions={FIT_MEASURED}
          minZoom={0.1}
          colorMode={colorMode}
        >
          <MakeRoomForChat />
          <Background variant={BackgroundVariant.Dots} gap={GRID[0]} size={1} />
          <Controls position="bottom-left" showInteractive={false} />
          <MiniMap
            position="bottom-right"
            pannable
            zoomable
            bgColor={theme.palette.background.paper}
            maskColor={alpha(theme.palette.background.default, 0.7)}
            nodeColor={theme.palette.action.selected}
          />
          {!readOnly && (
            <Panel position="top-left">
              <AddNodesButton descriptors={descriptors} kind={kind} />
            </Panel>
          )}
          <Panel position="top-right">
            <CanvasToolbar editable={!readOnly} />
          </Panel>
          <Panel position="top-center">
            <CannotRunNotice descriptors={descriptors} />
          </Panel>
        </ReactFlow>
      </Box>
    </CanvasActionsContext.Provider>
  )
}
