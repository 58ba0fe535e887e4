import { describe, expect, it } from 'vitest'
import {
  createIndexCommand,
  keyPrefixOf,
  knnSearchCommand,
  packVector,
  readSearchReply,
  scanPatternOf,
  unpackVector,
  type RedisLayout,
} from './redis-search.js'

const layout: RedisLayout = {
  indexName: 'handbook',
  contentKey: 'content',
  metadataKey: 'metadata',
  vectorKey: 'content_vector',
}

describe("RediSearch commands over Flowise's Redis layout", () => {
  it('makes an HNSW cosine index over the hashes under doc:{index}:', () => {
    expect(keyPrefixOf('handbook')).toBe('doc:handbook:')
    expect(createIndexCommand(layout, 3).join(' ')).toBe(
      'FT.CREATE handbook ON HASH PREFIX 1 doc:handbook: SCHEMA content_vector VECTOR HNSW 6 TYPE FLOAT32 DIM 3 ' +
        'DISTANCE_METRIC COSINE content TEXT metadata TEXT',
    )
  })

  it('asks for the k nearest with the vector as float32 bytes, sorted by distance', () => {
    const command = knnSearchCommand(layout, [0.5, -1, 2], 4)
    expect(command.slice(0, 3)).toEqual(['FT.SEARCH', 'handbook', '*=>[KNN 4 @content_vector $vector AS vector_score]'])
    const bytes = command[command.indexOf('vector') + 1] as Buffer
    expect(unpackVector(bytes)).toEqual([0.5, -1, 2])
    const rest = command.slice(command.indexOf('vector') + 2).join(' ')
    expect(rest).toBe('RETURN 3 metadata content vector_score SORTBY vector_score LIMIT 0 4 DIALECT 2')
    expect(knnSearchCommand(layout, [1], 2, true).join(' ')).toContain(
      'RETURN 4 metadata content vector_score content_vector',
    )
  })

  it('reads the hits of an FT.SEARCH reply with their fields as bytes', () => {
    const vector = packVector([1, 0])
    const hits = readSearchReply([
      2,
      Buffer.from('doc:handbook:a'),
      [
        Buffer.from('content'),
        Buffer.from('alpha'),
        Buffer.from('vector_score'),
        Buffer.from('0.25'),
        'content_vector',
        vector,
      ],
      'doc:handbook:b',
      ['content', 'beta'],
    ])
    expect(hits.map((hit) => hit.key)).toEqual(['doc:handbook:a', 'doc:handbook:b'])
    expect(hits[0]!.fields.get('vector_score')!.toString()).toBe('0.25')
    expect(unpackVector(hits[0]!.fields.get('content_vector')!)).toEqual([1, 0])
    expect(readSearchReply([0])).toEqual([])
  })

  it('scans exactly the keys under a prefix, glob characters taken literally', () => {
    expect(scanPatternOf('doc:a*b?[c]:')).toBe('doc:a\\*b\\?\\[c\\]:*')
  })
})
