import type { FlowTemplate } from '@weft/core'
import { templateFlow } from './template-flow.js'
import { finish } from './template-parts.js'

// Prompt chaining, summaries, translation, moderation and routing between prompts, as chatflows.

export function keepOutWords(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const prompt = flow.add('promptTemplate', 0, 420, { template: 'You are a helpful shop assistant. {question}' })
  const moderation = flow.add('inputModerationSimple', 0, 840, {
    denyList: 'password\ncredit card number\nignore previous instructions',
    moderationErrorMessage: 'Sorry, I cannot help with that request.',
  })
  const chain = flow.add('llmChain', 460, 360)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  flow.connect(moderation, chain, 'inputModeration')
  return finish(
    {
      id: 'keep-out-words',
      templateName: 'Block Unwanted Requests',
      description: 'Questions holding a phrase from your deny list get a polite refusal and never reach the model.',
      type: 'Chatflow',
      categories: ['Simple Prompt Moderation', 'Prompt Template', 'LLM Chain'],
      usecases: ['Moderation', 'Customer Support'],
    },
    flow,
  )
}

export function summariseText(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const prompt = flow.add('chatPromptTemplate', 0, 420, {
    systemMessagePrompt: 'You summarise texts. Answer in 2 sentences, keeping names, numbers and dates.',
    humanMessagePrompt: 'Summarise this text: {text}',
    promptValues: { text: '{{question}}' },
  })
  const chain = flow.add('llmChain', 460, 300, { chainName: 'Summary' })
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return finish(
    {
      id: 'summarise-text',
      templateName: 'Summarise a Text',
      description: 'Paste a long text and get a two-sentence summary that keeps its names, numbers and dates.',
      type: 'Chatflow',
      categories: ['Chat Prompt Template', 'LLM Chain'],
      usecases: ['Summarization'],
    },
    flow,
  )
}

export function translateMessage(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const prompt = flow.add('chatPromptTemplate', 0, 420, {
    systemMessagePrompt: 'You translate into {language}. Reply with the translation only.',
    humanMessagePrompt: '{text}',
    promptValues: { language: 'French', text: '{{question}}' },
  })
  const chain = flow.add('llmChain', 460, 300, { chainName: 'Translator' })
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return finish(
    {
      id: 'translate-message',
      templateName: 'Translate a Message',
      description: 'Every message comes back translated into the language set in the prompt values (French to start).',
      type: 'Chatflow',
      categories: ['Chat Prompt Template', 'LLM Chain'],
      usecases: ['Translation'],
    },
    flow,
  )
}

export function ideaThenTagline(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const ideaPrompt = flow.add('promptTemplate', 0, 420, { template: 'Suggest one product idea about: {question}' })
  const idea = flow.add('llmChain', 420, 200, { chainName: 'Idea' })
  flow.chooseOutput(idea, 'outputPrediction')
  const taglinePrompt = flow.add('promptTemplate', 840, 420, {
    template: 'Write a catchy tagline for this product idea: {idea}',
  })
  const tagline = flow.add('llmChain', 1260, 200, { chainName: 'Tagline' })
  flow.connect(model, idea, 'model')
  flow.connect(ideaPrompt, idea, 'prompt')
  flow.connect(idea, taglinePrompt, 'promptValues')
  flow.connect(model, tagline, 'model')
  flow.connect(taglinePrompt, tagline, 'prompt')
  return finish(
    {
      id: 'idea-then-tagline',
      templateName: 'Idea, then Tagline',
      description: "Prompt chaining: the first chain's answer fills a variable of the second chain's prompt.",
      type: 'Chatflow',
      categories: ['Prompt Template', 'LLM Chain'],
      usecases: ['Content Creation'],
    },
    flow,
  )
}

export function pickTheExpert(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const cook = flow.add('promptRetriever', 0, 420, {
    name: 'cooking',
    description: 'Good for recipes, cooking and kitchen questions',
    systemMessage: 'You are a chef. Answer cooking questions in plain words.',
  })
  const gardener = flow.add('promptRetriever', 0, 1040, {
    name: 'gardening',
    description: 'Good for plants, gardens and growing vegetables',
    systemMessage: 'You are a gardener. Answer gardening questions in plain words.',
  })
  const chain = flow.add('multiPromptChain', 460, 360)
  flow.connect(model, chain, 'model')
  flow.connect(cook, chain, 'promptRetriever')
  flow.connect(gardener, chain, 'promptRetriever')
  return finish(
    {
      id: 'pick-the-expert',
      templateName: 'Pick the Right Expert',
      description: 'Each question goes to the prompt whose description fits it best: a chef or a gardener to start.',
      type: 'Chatflow',
      categories: ['Prompt Retriever', 'Multi Prompt Chain'],
      usecases: ['Chatbot'],
    },
    flow,
  )
}

export function selfSummarisingChat(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const memory = flow.add('conversationSummaryMemory', 0, 420)
  const chain = flow.add('conversationChain', 460, 200, {
    systemMessagePrompt: 'You are a friendly assistant for long conversations.',
  })
  flow.connect(model, memory, 'model')
  flow.connect(model, chain, 'model')
  flow.connect(memory, chain, 'memory')
  return finish(
    {
      id: 'self-summarising-chat',
      templateName: 'Chat with a Running Summary',
      description: 'A long conversation stays short for the model: older turns are kept as a summary the model writes.',
      type: 'Chatflow',
      categories: ['Conversation Summary Memory', 'Conversation Chain'],
      usecases: ['Chatbot', 'Summarization'],
    },
    flow,
  )
}

export function annotatedChain(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const prompt = flow.add('promptTemplate', 0, 420, { template: 'Explain simply, for a beginner: {question}' })
  const chain = flow.add('llmChain', 460, 260)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  flow.note(
    'chatflow',
    -420,
    0,
    '1. The model. The Built-in Responder answers without a key; swap in ChatOpenAI or another model.',
  )
  flow.note('chatflow', -420, 420, '2. The prompt. {question} is filled with what the user typed.')
  flow.note('chatflow', 900, 260, '3. The chain sends the prompt to the model and answers with its reply.')
  return finish(
    {
      id: 'annotated-chain',
      templateName: 'Explained with Sticky Notes',
      description:
        'The smallest chain with sticky notes on the canvas saying what each part does: a first flow to read.',
      type: 'Chatflow',
      categories: ['Sticky Note', 'Prompt Template', 'LLM Chain'],
      usecases: ['Getting Started'],
    },
    flow,
  )
}

export function wordCountFunction(): FlowTemplate {
  const flow = templateFlow()
  const count = flow.add('customFunction', 0, 200, {
    functionName: 'Count words',
    functionInputVariables: { text: '{{question}}' },
    javascriptFunction:
      'const words = String($text).split(/\\s+/).filter(Boolean)\nreturn `${words.length} words, ${String($text).length} characters`',
  })
  const model = flow.add('chatOffline', 420, 0)
  const prompt = flow.add('promptTemplate', 420, 420, {
    template: 'The message has {stats}. Repeat after me: Your message has {stats}.',
  })
  const chain = flow.add('llmChain', 840, 200)
  flow.connect(count, prompt, 'promptValues')
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return finish(
    {
      id: 'word-count-function',
      templateName: 'Code Before the Model',
      description: 'A JavaScript function (run in the sandbox) measures the message, and its result fills the prompt.',
      type: 'Chatflow',
      categories: ['Custom JS Function', 'Prompt Template', 'LLM Chain'],
      usecases: ['Getting Started'],
    },
    flow,
  )
}
