import type { FlowTemplate } from '@weft/core'
import { templateFlow } from './template-flow.js'
import { finish, SAMPLE_TEXTS } from './template-parts.js'

// Retrieval over documents: the text ships inside the flow (Plain Text) or comes from a document
// store the user picks, embedded by the built-in hashing embedder unless the user connects another.

export function answersWithSources(): FlowTemplate {
  const flow = templateFlow()
  const splitter = flow.add('recursiveCharacterTextSplitter', 0, 0, { chunkSize: 120, chunkOverlap: 0 })
  const text = flow.add('plainText', 400, 0, { text: SAMPLE_TEXTS.returns, metadata: { source: 'returns.txt' } })
  const embeddings = flow.add('offlineEmbeddings', 400, 520)
  const store = flow.add('memoryVectorStore', 800, 200)
  const model = flow.add('chatOffline', 800, 700)
  const chain = flow.add('retrievalQAChain', 1200, 360, { returnSourceDocuments: true })
  flow.connect(splitter, text, 'textSplitter')
  flow.connect(text, store, 'document')
  flow.connect(embeddings, store, 'embeddings')
  flow.connect(store, chain, 'vectorStoreRetriever')
  flow.connect(model, chain, 'model')
  return finish(
    {
      id: 'answers-with-sources',
      templateName: 'Answers with Sources',
      description:
        'Question answering over your text that also returns the passages it used, so every answer can be checked.',
      type: 'Chatflow',
      categories: ['Plain Text', 'In-Memory Vector Store', 'Retrieval QA Chain'],
      usecases: ['Documents QnA'],
      badge: 'NEW',
    },
    flow,
  )
}

export function chatWithNotes(): FlowTemplate {
  const flow = templateFlow()
  const splitter = flow.add('recursiveCharacterTextSplitter', 0, 0, { chunkSize: 120, chunkOverlap: 0 })
  const text = flow.add('plainText', 400, 0, { text: SAMPLE_TEXTS.onboarding })
  const embeddings = flow.add('offlineEmbeddings', 400, 520)
  const store = flow.add('embeddedVectorStore', 800, 100, { collectionName: 'notes' })
  const model = flow.add('chatOffline', 800, 620)
  const memory = flow.add('bufferMemory', 800, 960)
  const chain = flow.add('conversationalRetrievalQAChain', 1200, 360)
  flow.connect(splitter, text, 'textSplitter')
  flow.connect(text, store, 'document')
  flow.connect(embeddings, store, 'embeddings')
  flow.connect(store, chain, 'vectorStoreRetriever')
  flow.connect(model, chain, 'model')
  flow.connect(memory, chain, 'memory')
  return finish(
    {
      id: 'chat-with-notes',
      templateName: 'Chat with Your Notes',
      description:
        'A conversation over your notes: follow-up questions are rewritten with the chat so far before the search.',
      type: 'Chatflow',
      categories: ['Plain Text', 'Embedded Vector Store', 'Buffer Memory', 'Conversational Retrieval QA Chain'],
      usecases: ['Documents QnA', 'Chatbot'],
    },
    flow,
  )
}

export function twoShelves(): FlowTemplate {
  const flow = templateFlow()
  const embeddings = flow.add('offlineEmbeddings', 0, 420)
  const returnsText = flow.add('plainText', 0, 0, { text: SAMPLE_TEXTS.returns })
  const shippingText = flow.add('plainText', 0, 760, { text: SAMPLE_TEXTS.shipping })
  const returnsStore = flow.add('memoryVectorStore', 400, 0)
  const shippingStore = flow.add('memoryVectorStore', 400, 760)
  flow.chooseOutput(returnsStore, 'vectorStore')
  flow.chooseOutput(shippingStore, 'vectorStore')
  const returns = flow.add('vectorStoreRetriever', 800, 0, {
    name: 'returns',
    description: 'Returns, refunds and exchanges',
  })
  const shipping = flow.add('vectorStoreRetriever', 800, 760, {
    name: 'shipping',
    description: 'Shipping times, delivery and express costs',
  })
  const model = flow.add('chatOffline', 800, 420)
  const chain = flow.add('multiRetrievalQAChain', 1200, 380)
  flow.connect(returnsText, returnsStore, 'document')
  flow.connect(shippingText, shippingStore, 'document')
  flow.connect(embeddings, returnsStore, 'embeddings')
  flow.connect(embeddings, shippingStore, 'embeddings')
  flow.connect(returnsStore, returns, 'vectorStore')
  flow.connect(shippingStore, shipping, 'vectorStore')
  flow.connect(returns, chain, 'vectorStoreRetriever')
  flow.connect(shipping, chain, 'vectorStoreRetriever')
  flow.connect(model, chain, 'model')
  return finish(
    {
      id: 'two-shelves',
      templateName: 'Two Knowledge Shelves',
      description:
        'Two separate stores, one for returns and one for shipping; each question is sent to the shelf that fits it.',
      type: 'Chatflow',
      categories: ['In-Memory Vector Store', 'Vector Store Retriever', 'Multi Retrieval QA Chain'],
      usecases: ['Documents QnA', 'Customer Support'],
    },
    flow,
  )
}

export function searchOneTeam(): FlowTemplate {
  const flow = templateFlow()
  const support = flow.add('plainText', 0, 0, { text: SAMPLE_TEXTS.returns, metadata: { team: 'support' } })
  const people = flow.add('plainText', 0, 560, { text: SAMPLE_TEXTS.onboarding, metadata: { team: 'people' } })
  const embeddings = flow.add('offlineEmbeddings', 400, 620)
  const store = flow.add('memoryVectorStore', 400, 100, { metadataFilter: { team: 'support' } })
  const model = flow.add('chatOffline', 800, 560)
  const chain = flow.add('retrievalQAChain', 800, 100)
  flow.connect(support, store, 'document')
  flow.connect(people, store, 'document')
  flow.connect(embeddings, store, 'embeddings')
  flow.connect(store, chain, 'vectorStoreRetriever')
  flow.connect(model, chain, 'model')
  flow.note(
    'chatflow',
    1200,
    100,
    'The store holds both teams\' notes; its Metadata Filter searches only { "team": "support" }.',
  )
  return finish(
    {
      id: 'search-one-team',
      templateName: "Search One Team's Notes",
      description:
        'Documents tagged with metadata share one store, and a metadata filter keeps the search to one team.',
      type: 'Chatflow',
      categories: ['Plain Text', 'In-Memory Vector Store', 'Retrieval QA Chain', 'Sticky Note'],
      usecases: ['Documents QnA'],
    },
    flow,
  )
}

export function askDocumentStore(): FlowTemplate {
  const flow = templateFlow()
  const store = flow.add('documentStoreVS', 0, 0, { topK: 3 })
  const model = flow.add('chatOffline', 0, 420)
  const chain = flow.add('retrievalQAChain', 420, 160)
  flow.connect(store, chain, 'vectorStoreRetriever')
  flow.connect(model, chain, 'model')
  flow.note('chatflow', 420, 560, 'Pick a document store you have upserted in Document Stores, then ask away.')
  return finish(
    {
      id: 'ask-document-store',
      templateName: 'Ask a Document Store',
      description:
        'Answer from a document store you already filled and upserted: pick the store, connect a model, ask.',
      type: 'Chatflow',
      categories: ['Document Store (Vector)', 'Retrieval QA Chain'],
      usecases: ['Documents QnA'],
    },
    flow,
  )
}
