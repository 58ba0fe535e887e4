import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { NodeDescriptor } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { canvasNode, renderNodes } from './test/renderNodes'

const base = { version: 1, icon: 'x.svg', canvases: ['chatflow' as const] }

const chatModel: NodeDescriptor = {
  ...base,
  label: 'ChatOpenAI',
  name: 'chatOpenAI',
  type: 'ChatOpenAI',
  category: 'Chat Models',
  description: 'Chat with OpenAI models.',
  color: '#10A37F',
  baseClasses: ['ChatOpenAI', 'BaseChatModel'],
  inputs: [
    { label: 'Cache', name: 'cache', type: 'BaseCache', optional: true },
    {
      label: 'Response Format',
      name: 'responseFormat',
      type: 'options',
      default: 'text',
      options: [
        { label: 'Text', name: 'text' },
        { label: 'JSON Schema', name: 'jsonSchema' },
      ],
    },
    { label: 'Schema', name: 'schema', type: 'string', rows: 3, show: { responseFormat: 'jsonSchema' } },
    { label: 'Temperature', name: 'temperature', type: 'number', step: 0.1, default: 0.9, additionalParams: true },
  ],
}

const llmChain: NodeDescriptor = {
  ...base,
  label: 'LLM Chain',
  name: 'llmChain',
  type: 'LLMChain',
  category: 'Chains',
  description: 'Runs a prompt through a model.',
  color: '#5B5BD6',
  baseClasses: ['LLMChain', 'BaseChain'],
  inputs: [
    { label: 'Language Model', name: 'model', type: 'BaseLanguageModel' },
    { label: 'Prompt', name: 'prompt', type: 'BasePromptTemplate' },
  ],
  outputs: [
    { label: 'LLM Chain', name: 'llmChain', baseClasses: ['LLMChain', 'BaseChain'] },
    { label: 'Output Prediction', name: 'outputPrediction', baseClasses: ['string', 'json'] },
  ],
}

const promptTemplate: NodeDescriptor = {
  ...base,
  label: 'Prompt Template',
  name: 'promptTemplate',
  type: 'PromptTemplate',
  category: 'Prompts',
  description: 'A prompt with {variables}.',
  color: '#E27A12',
  baseClasses: ['PromptTemplate', 'BasePromptTemplate'],
  inputs: [
    { label: 'Template', name: 'template', type: 'string', rows: 4 },
    { label: 'Format Prompt Values', name: 'promptValues', type: 'json', optional: true, acceptVariable: true },
  ],
}

const handle = (container: HTMLElement, id: string) => container.querySelector(`[data-handleid="${id}"]`)

describe('chatflow node', () => {
  afterEach(cleanup)

  it('shows its label, typed input anchors as target handles and its output as a source handle', () => {
    const { container } = renderNodes([canvasNode(llmChain, 'llmChain_0')])
    expect(screen.getByText('LLM Chain', { selector: 'p[title]' })).toBeTruthy()
    expect(screen.getByText('BaseLanguageModel')).toBeTruthy()
    expect(handle(container, 'llmChain_0-input-model-BaseLanguageModel')?.classList.contains('target')).toBe(true)
    expect(handle(container, 'llmChain_0-input-prompt-BasePromptTemplate')?.classList.contains('target')).toBe(true)
    expect(handle(container, 'llmChain_0-output-llmChain-LLMChain|BaseChain')?.classList.contains('source')).toBe(true)
  })

  it('a node with several outputs offers them in a select, and the handle follows the choice', () => {
    const { container, actions } = renderNodes([canvasNode(llmChain, 'llmChain_0')])
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Output' }))
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Output Prediction' }))
    expect(actions.setNodeOutput).toHaveBeenCalledWith('llmChain_0', 'output', 'outputPrediction')
    expect(handle(container, 'llmChain_0-output-outputPrediction-string|json')).not.toBeNull()
    expect(handle(container, 'llmChain_0-output-llmChain-LLMChain|BaseChain')).toBeNull()
  })

  it('Duplicate node and Delete node call the canvas; Node info explains the node', () => {
    const { actions } = renderNodes([canvasNode(chatModel, 'chatOpenAI_0')])
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate node' }))
    expect(actions.duplicateNode).toHaveBeenCalledWith('chatOpenAI_0')
    fireEvent.click(screen.getByRole('button', { name: 'Delete node' }))
    expect(actions.deleteNode).toHaveBeenCalledWith('chatOpenAI_0')
    fireEvent.click(screen.getByRole('button', { name: 'Node info' }))
    expect(
      within(screen.getByRole('dialog', { name: 'ChatOpenAI' })).getByText('Chat with OpenAI models.'),
    ).toBeTruthy()
  })

  it('a field governed by a show rule appears and disappears as the controlling option changes', () => {
    const { actions } = renderNodes([canvasNode(chatModel, 'chatOpenAI_0')])
    expect(screen.queryByLabelText(/Schema/)).toBeNull()
    const chooseFormat = (name: string) => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Response Format' }))
      fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }))
    }
    chooseFormat('JSON Schema')
    expect(actions.setNodeInput).toHaveBeenCalledWith('chatOpenAI_0', 'responseFormat', 'jsonSchema')
    fireEvent.change(screen.getByLabelText(/Schema/), { target: { value: '{}' } })
    expect(actions.setNodeInput).toHaveBeenLastCalledWith('chatOpenAI_0', 'schema', '{}')
    chooseFormat('Text')
    expect(screen.queryByLabelText(/Schema/)).toBeNull()
  })

  it('additional parameters live in a dialog that closes on Escape', () => {
    const { actions } = renderNodes([canvasNode(chatModel, 'chatOpenAI_0')])
    expect(screen.queryByLabelText(/Temperature/)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Additional Parameters' }))
    const dialog = screen.getByRole('dialog', { name: 'ChatOpenAI: Additional Parameters' })
    const temperature = within(dialog).getByLabelText(/Temperature/) as HTMLInputElement
    expect(temperature.value).toBe('0.9')
    fireEvent.change(temperature, { target: { value: '0.2' } })
    expect(actions.setNodeInput).toHaveBeenLastCalledWith('chatOpenAI_0', 'temperature', 0.2)
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('read-only (a template): no delete or duplicate, and fields cannot be changed', () => {
    renderNodes([canvasNode(chatModel, 'chatOpenAI_0')], { readOnly: true })
    expect(screen.queryByRole('button', { name: 'Delete node' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Duplicate node' })).toBeNull()
    expect(screen.getByRole('combobox', { name: 'Response Format' }).getAttribute('aria-disabled')).toBe('true')
  })
})

describe('a param that accepts variables', () => {
  afterEach(cleanup)
  const valuesHandle = 'promptTemplate_0-input-promptValues-json'

  it('has its own target handle on a chatflow, beside the field, and only that param', () => {
    const { container } = renderNodes([canvasNode(promptTemplate, 'promptTemplate_0')])
    const target = handle(container, valuesHandle)
    expect(target?.classList.contains('target')).toBe(true)
    expect(target?.classList.contains('connectable')).toBe(true)
    expect(target?.parentElement?.textContent).toContain('Format Prompt Values')
    expect(handle(container, 'promptTemplate_0-input-template-string')).toBeNull()
  })

  it('cannot be connected to on a read-only template, and has no handle off the chatflow canvas', () => {
    const readOnly = renderNodes([canvasNode(promptTemplate, 'promptTemplate_0')], { readOnly: true })
    expect(handle(readOnly.container, valuesHandle)?.classList.contains('connectable')).toBe(false)
    cleanup()
    const sequential = renderNodes([canvasNode(promptTemplate, 'promptTemplate_0')], { kind: 'sequential' })
    expect(handle(sequential.container, valuesHandle)).toBeNull()
  })
})
