// The attribute names of Weft's traces. Models use OpenTelemetry's gen_ai.* semantic conventions;
// `session.id`, `input.value`, `output.value` and `openinference.span.kind` are the names Langfuse
// and Phoenix read to group and show runs; the rest is Weft's own, under `weft.`.

export const FLOW_ID = 'weft.flow.id'
export const FLOW_NAME = 'weft.flow.name'
export const CHAT_ID = 'weft.chat.id'
export const CHAT_MESSAGE_ID = 'weft.chat_message.id'
export const CHAT_TYPE = 'weft.chat.type'
export const SESSION_ID = 'session.id'
export const INPUT = 'input.value'
export const OUTPUT = 'output.value'
export const SPAN_KIND = 'openinference.span.kind'

export const NODE_ID = 'weft.node.id'
export const NODE_NAME = 'weft.node.name'
export const NODE_LABEL = 'weft.node.label'
/** Followed by the param's name: `weft.node.param.modelName`. */
export const NODE_PARAM = 'weft.node.param.'

export const GEN_AI_SYSTEM = 'gen_ai.system'
export const GEN_AI_OPERATION = 'gen_ai.operation.name'
export const GEN_AI_REQUEST_MODEL = 'gen_ai.request.model'
export const GEN_AI_INPUT_TOKENS = 'gen_ai.usage.input_tokens'
export const GEN_AI_OUTPUT_TOKENS = 'gen_ai.usage.output_tokens'
