// Flowise saves some inputs under names, option values or tab keys that differ from ours. Read under
// our spelling alone, the value is silently lost (for a base URL: the prompts go to the provider's
// public API instead of the server the flow names), so flows are mapped to our spellings when they
// are loaded or run (`with-our-spellings.ts`). The spellings stay out of the descriptors: a Flowise
// spelling must never become an input callers can override.
//
// Checked against Flowise's nodes (packages/components/nodes/**) node by node; every node of our
// catalogue that Flowise also has and that is not listed here saves its inputs as we do.

/** Where Flowise keeps the value of one of our inputs. */
export interface FlowiseSpelling {
  /** The input name Flowise saves it under. */
  theirs: string
  /**
   * Only while these inputs hold one of these values: Flowise keeps several of our inputs under one
   * name (HTTP's `body`). Such a name is also one of ours, so it stays put when ours holds a value.
   */
  when?: Readonly<Record<string, readonly string[]>>
}

/** A choice Flowise lets the user type freely, where we pick an option and keep the text apart. */
export interface FlowiseFreeText {
  /** Values of the input that are ours: kept as they are. */
  options: readonly string[]
  /** The option that stands for "the text below"… */
  choose: string
  /** …and the input the typed text moves to. */
  into: string
}

/** A `tabs` input: Flowise keeps the open tab under `<theirs>_<node id>` as `<tab>_<node id>`. */
export interface FlowiseTabs {
  theirs: string
  /** Flowise's tab names that differ from ours (theirs → ours). */
  tabs?: Readonly<Record<string, string>>
}

export interface FlowiseNodeSpellings {
  /** Our input name → where Flowise keeps its value. */
  inputs?: Readonly<Record<string, string | FlowiseSpelling>>
  /** Our input name → { Flowise's option value: ours }. */
  values?: Readonly<Record<string, Readonly<Record<string, string>>>>
  /** Our table input → its column → { Flowise's value: ours }. */
  rowValues?: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>>
  /** Our input name → how Flowise saves a typed value in it. */
  freeText?: Readonly<Record<string, FlowiseFreeText>>
  /** Our tab identifier → Flowise's. */
  tabs?: Readonly<Record<string, FlowiseTabs>>
}

const OPENAI_BASE_PATH = { inputs: { basePath: 'basepath' } } as const

// The sequential agents' "Update State" tabs: same identifier, only the node id suffix differs.
const UPDATE_STATE_TABS = { tabs: { selectedUpdateStateMemoryTab: { theirs: 'selectedUpdateStateMemoryTab' } } }

// The sequential Condition and Condition Agent keep their rules alike.
const SEQ_CONDITION: FlowiseNodeSpellings = {
  inputs: { conditions: 'conditionUI' },
  rowValues: { conditions: { operation: { 'Is Not Empty': 'Not Empty' } } },
  tabs: { selectedConditionTab: { theirs: 'selectedConditionFunctionTab', tabs: { conditionUI: 'conditions' } } },
}

/** Per node name, every spelling of Flowise's that differs from ours. */
export const FLOWISE_SPELLINGS: Readonly<Record<string, FlowiseNodeSpellings>> = {
  chatOpenAI: OPENAI_BASE_PATH,
  chatOpenAICustom: OPENAI_BASE_PATH,
  openAIEmbeddings: OPENAI_BASE_PATH,
  openAIEmbeddingsCustom: OPENAI_BASE_PATH,
  chatOpenRouter: OPENAI_BASE_PATH,
  chatCerebras: OPENAI_BASE_PATH,
  openAI: OPENAI_BASE_PATH,
  // Version 2 of Flowise's Requests tools prefixes each input with the tool's name.
  requestsGet: {
    inputs: { url: 'requestsGetUrl', description: 'requestsGetDescription', headers: 'requestsGetHeaders' },
  },
  requestsPost: {
    inputs: {
      url: 'requestsPostUrl',
      description: 'requestsPostDescription',
      headers: 'requestsPostHeaders',
      body: 'requestPostBody',
    },
  },
  markdownTextSplitter: { values: { splitByHeaders: { h1: 'headers_h1', h2: 'headers_h2', h3: 'headers_h3' } } },
  conditionAgentAgentflow: { inputs: { scenarios: 'conditionAgentScenarios' } },
  httpAgentflow: {
    inputs: {
      bodyRaw: { theirs: 'body', when: { bodyType: ['raw'] } },
      bodyForm: { theirs: 'body', when: { bodyType: ['formData', 'xWwwFormUrlencoded'] } },
    },
  },
  seqCondition: SEQ_CONDITION,
  seqConditionAgent: SEQ_CONDITION,
  seqState: { tabs: { selectedStateTab: { theirs: 'selectedStateTab' } } },
  seqAgent: UPDATE_STATE_TABS,
  seqLLMNode: UPDATE_STATE_TABS,
  seqToolNode: UPDATE_STATE_TABS,
  seqExecuteFlow: {
    freeText: {
      seqExecuteFlowInput: { options: ['userQuestion', 'customInput'], choose: 'customInput', into: 'customInput' },
    },
  },
}

const spellingOf = (spelling: string | FlowiseSpelling): FlowiseSpelling =>
  typeof spelling === 'string' ? { theirs: spelling } : spelling

/** Every (unconditional) name Flowise gives our input `name` on any node: `basePath` → `basepath`. */
export function flowiseNamesOf(name: string): string[] {
  const names = Object.values(FLOWISE_SPELLINGS).flatMap((node) => {
    const spelling = node.inputs?.[name]
    return spelling && !spellingOf(spelling).when ? [spellingOf(spelling).theirs] : []
  })
  return [...new Set(names)]
}

/** The node's input spellings as `FlowiseSpelling`s (our name first). */
export function inputSpellingsOf(nodeName: string): Array<[string, FlowiseSpelling]> {
  return Object.entries(FLOWISE_SPELLINGS[nodeName]?.inputs ?? {}).map(([ours, spelling]) => [
    ours,
    spellingOf(spelling),
  ])
}
