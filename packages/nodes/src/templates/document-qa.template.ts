import type { FlowTemplate } from '@weft/core'
import { templateFlow } from './template-flow.js'

const HANDBOOK = [
  'Weft handbook.',
  'Support answers e-mails within one working day. Refunds are possible within 30 days of purchase.',
  'The office is open Monday to Friday, 9:00 to 17:00. Team lunch is on Thursdays.',
].join('\n\n')

export function documentQa(): FlowTemplate {
  const flow = templateFlow()
  const splitter = flow.add('recursiveCharacterTextSplitter', 40, 40, { chunkSize: 120, chunkOverlap: 0 })
  const text = flow.add('plainText', 420, 0, { text: HANDBOOK })
  const embeddings = flow.add('offlineEmbeddings', 420, 520)
  const store = flow.add('embeddedVectorStore', 820, 200, { collectionName: 'handbook' })
  const model = flow.add('chatOffline', 820, 700)
  const chain = flow.add('retrievalQAChain', 1240, 360)
  flow.connect(splitter, text, 'textSplitter')
  flow.connect(text, store, 'document')
  flow.connect(embeddings, store, 'embeddings')
  flow.connect(store, chain, 'vectorStoreRetriever')
  flow.connect(model, chain, 'model')
  return {
    id: 'document-qa',
    templateName: 'Document Q&A',
    description: 'Answer questions from your own text: split it, embed it into the built-in vector store, retrieve and answer.',
    type: 'Chatflow',
    categories: ['Plain Text', 'Embedded Vector Store', 'Retrieval QA Chain'],
    usecases: ['Documents QnA', 'Customer Support'],
    flowData: JSON.stringify(flow.build()),
  }
}
