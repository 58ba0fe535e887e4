import type { InputParam, NodeOutput } from '@weft/core'

// What every document loader shares: an optional splitter, extra metadata, and its two outputs.

export const textSplitterAnchor: InputParam = {
  label: 'Text Splitter',
  name: 'textSplitter',
  type: 'TextSplitter',
  description: 'Cut long documents into chunks before they are stored.',
  optional: true,
}

export const metadataParam: InputParam = {
  label: 'Additional Metadata',
  name: 'metadata',
  type: 'json',
  description: 'Added to the metadata of every document, e.g. { "source": "handbook" }.',
  optional: true,
  additionalParams: true,
}

export const DOCUMENT_CLASSES = ['Document']

export const LOADER_OUTPUTS: NodeOutput[] = [
  { label: 'Document', name: 'document', baseClasses: ['Document', 'json'], description: 'Documents with metadata.' },
  { label: 'Text', name: 'text', baseClasses: ['string', 'json'], description: 'All the text joined together.' },
]
