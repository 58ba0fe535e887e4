import type { Assistant } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { bodyOfForm, checkForm, emptyForm, formOfAssistant } from './providerForm'

const saved: Assistant = {
  id: 'a1',
  type: 'OPENAI',
  details: JSON.stringify({
    id: 'asst_1',
    chatflowId: 'f1',
    name: 'Helper',
    model: 'gpt-4o',
    temperature: 0.5,
    tools: ['code_interpreter', 'file_search'],
    tool_resources: {
      code_interpreter: { file_ids: ['file-1', 'file-2'] },
      file_search: { vector_store_ids: ['vs_1'] },
    },
    files: [{ id: 'file-1', filename: 'data.csv', bytes: 10 }],
  }),
  credential: 'c1',
  iconSrc: null,
  workspaceId: 'w1',
  createdDate: '',
  updatedDate: '',
}

describe('the provider assistant form', () => {
  it('reads saved details, naming files the provider knows by id only by their id', () => {
    const form = formOfAssistant(saved)
    expect(form).toMatchObject({ id: 'asst_1', chatflowId: 'f1', credential: 'c1', temperature: '0.5', topP: '' })
    expect(form.files.map((file) => file.filename)).toEqual(['data.csv', 'file-2'])
    expect(form.vectorStoreId).toBe('vs_1')
  })

  it('writes the details back with only the resources of switched-on tools', () => {
    const form = { ...formOfAssistant(saved), tools: ['file_search' as const], topP: '0.9' }
    const body = bodyOfForm(form, 'OPENAI')
    expect(body).toMatchObject({ type: 'OPENAI', credential: 'c1', iconSrc: null })
    expect(JSON.parse(body.details)).toEqual({
      id: 'asst_1',
      chatflowId: 'f1',
      name: 'Helper',
      model: 'gpt-4o',
      temperature: 0.5,
      top_p: 0.9,
      tools: ['file_search'],
      tool_resources: { file_search: { vector_store_ids: ['vs_1'] } },
    })
  })

  it('names what is missing or out of range', () => {
    expect(checkForm({ ...emptyForm(), temperature: '3', topP: 'x' }, 'AZURE')).toEqual({
      name: 'Name is required',
      credential: 'Choose a credential',
      model: 'Deployment name is required',
      temperature: 'Temperature must be a number from 0 to 2',
      topP: 'Top P must be a number from 0 to 1',
    })
  })
})
