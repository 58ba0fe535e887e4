/**
 * Node descriptors and flow data, in the format Flowise exports (SPEC §3, DESIGN "Flow format"),
 * so a flow exported from Flowise loads into Weft and back.
 */

/** The 17 param types of SPEC §3; an input of any other type is an anchor for a connection. */
export const PARAM_TYPES = [
  'asyncOptions',
  'asyncMultiOptions',
  'options',
  'multiOptions',
  'array',
  'datagrid',
  'string',
  'number',
  'boolean',
  'password',
  'json',
  'code',
  'date',
  'file',
  'folder',
  'tabs',
  'conditionFunction',
] as const

export type ParamType = (typeof PARAM_TYPES)[number]

/** The type of the credential picker param that `initNode` adds for a node with a `credential`. */
export const CREDENTIAL_PARAM_TYPE = 'credential'

const FLOW_PARAM_TYPES: ReadonlySet<string> = new Set([...PARAM_TYPES, CREDENTIAL_PARAM_TYPE])

/** Whether a flow node's input of this type is a param (the credential picker included), not a connection. */
export const isParamType = (type: string): boolean => FLOW_PARAM_TYPES.has(type)

export interface InputOption {
  label: string
  name: string
  description?: string
}

/**
 * A show or hide rule: input name (a path such as `conditions[$index].type` inside arrays) to the
 * value that must match: a string (equal, or a regular expression), a boolean, a number, an array
 * (any element) or an object (deep equal).
 */
export type DisplayRule = Record<string, unknown>

export interface DatagridColumn {
  field: string
  headerName: string
  type?: 'string' | 'number' | 'boolean' | 'singleSelect'
  editable?: boolean
  valueOptions?: string[]
  flex?: number
}

/** One input of a node descriptor: a param (type in PARAM_TYPES or 'credential') or an anchor (a class name). */
export interface InputParam {
  label: string
  name: string
  type: string
  description?: string
  default?: unknown
  optional?: boolean
  placeholder?: string
  rows?: number
  step?: number
  /** Shown in the "Additional Parameters" dialog instead of on the node. */
  additionalParams?: boolean
  /** A text input that accepts `{{ }}` variables from earlier nodes. */
  acceptVariable?: boolean
  /** An anchor that takes several connections. */
  list?: boolean
  options?: InputOption[]
  /** For asyncOptions / asyncMultiOptions: the load method the server runs. */
  loadMethod?: string
  /** Send the node's current inputs with the load-method call. */
  loadConfig?: boolean
  /** For the credential picker: the credential types this node accepts. */
  credentialNames?: string[]
  show?: DisplayRule
  hide?: DisplayRule
  /** Computed by `applyInputVisibility`; absent means displayed. */
  display?: boolean
  /** For a `tabs` param: which tab is open is stored under inputs[tabIdentifier]. */
  tabIdentifier?: string
  /** For `tabs`: one param per tab. */
  tabs?: InputParam[]
  /** For `array`: the fields of one item. */
  array?: InputParam[]
  /** For `datagrid`: its columns. */
  datagrid?: DatagridColumn[]
  /** For `file`: accepted extensions, e.g. `.pdf,.txt`. */
  fileType?: string
  /** Set on a node's copy: `<nodeId>-input-<name>-<type>`. */
  id?: string
}

/**
 * An output of a descriptor; several outputs make the node's single output anchor a choice, unless
 * they are anchors (`isAnchor`): then each draws its own handle and all connect at once (IfElse).
 */
export interface NodeOutput {
  label: string
  name: string
  baseClasses?: string[]
  description?: string
  hidden?: boolean
  isAnchor?: boolean
}

/** Canvas kinds; a descriptor lists those whose add-nodes panel shows it. */
export type CanvasKind = 'chatflow' | 'sequential' | 'agentflowV2'

/** A node as the catalogue describes it: plain data, no behaviour (the `run` lives beside it). */
export interface NodeDescriptor {
  label: string
  name: string
  version: number
  /** The class the node builds, e.g. `ChatOpenAI`; `StickyNote` for notes. */
  type: string
  category: string
  description: string
  /** File name of the icon served at /api/v1/node-icon/<name>. */
  icon: string
  color: string
  baseClasses: string[]
  tags?: string[]
  inputs: InputParam[]
  outputs?: NodeOutput[]
  /** The credential picker: its types go to credentialNames. */
  credential?: { label: string; credentialNames: string[]; optional?: boolean }
  canvases: CanvasKind[]
  hideInput?: boolean
  hideOutput?: boolean
  /** Agentflow V2 container nodes (iteration) hold child nodes. */
  isContainer?: boolean
  /** Set when the node cannot run yet; the panel shows it as a badge. */
  badge?: string
}

export interface InputAnchor {
  id: string
  label: string
  name: string
  type: string
  description?: string
  optional?: boolean
  list?: boolean
  show?: DisplayRule
  hide?: DisplayRule
  display?: boolean
}

export interface OutputAnchorOption {
  id: string
  name: string
  label: string
  type: string
  description?: string
  hidden?: boolean
  /** Drawn as its own handle beside the other options, not chosen from a select (IfElse's True, False). */
  isAnchor?: boolean
}

/**
 * An output anchor: either a single handle (`id` set) or, for a node with several outputs, a
 * choice (`type: 'options'`) whose chosen option's handle is shown; the choice is `outputs.output`.
 * Options marked `isAnchor` are all shown, each its own handle, and need no choice.
 */
export interface OutputAnchor {
  id?: string
  name: string
  label: string
  type: string
  description?: string
  options?: OutputAnchorOption[]
  default?: string
}

/** SPEC §3 "Flow node": the `data` of a canvas node. */
export interface FlowNodeData {
  id: string
  label: string
  version: number
  name: string
  type: string
  color?: string
  icon?: string
  hideOutput?: boolean
  hideInput?: boolean
  baseClasses: string[]
  tags?: string[]
  category: string
  description?: string
  inputParams: InputParam[]
  inputAnchors: InputAnchor[]
  inputs: Record<string, unknown>
  outputAnchors: OutputAnchor[]
  outputs: Record<string, unknown>
  selected?: boolean
  /** The credential id chosen in the picker; stripped from copies and exports. */
  credential?: string
  status?: 'INPROGRESS' | 'FINISHED' | 'ERROR' | 'STOPPED' | 'TERMINATED'
  error?: string
}

/** React Flow node types Weft draws. */
export type FlowNodeType = 'customNode' | 'stickyNote' | 'agentFlow' | 'iteration'

export interface FlowNode {
  id: string
  type: FlowNodeType
  position: { x: number; y: number }
  positionAbsolute?: { x: number; y: number }
  width?: number
  height?: number
  parentNode?: string
  selected?: boolean
  dragging?: boolean
  data: FlowNodeData
}

export interface FlowEdge {
  id: string
  source: string
  target: string
  sourceHandle: string
  targetHandle: string
  type?: string
  data?: Record<string, unknown>
}

/** SPEC §3 "Edge": what a user asks to connect. */
export interface Connection {
  source: string
  target: string
  sourceHandle: string
  targetHandle: string
}

export interface Viewport {
  x: number
  y: number
  zoom: number
}

/** A flow's `flowData`, stored as JSON text. */
export interface FlowData {
  nodes: FlowNode[]
  edges: FlowEdge[]
  viewport?: Viewport
}
