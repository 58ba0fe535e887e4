import { describe, expect, it } from 'vitest'
import { isUnchanged, toolFormOf, toToolBody, validateToolForm } from './toolForm'

const saved = {
  name: 'get_weather',
  description: 'Weather for a city',
  color: '#0F9D8A',
  iconSrc: null,
  schema: '[{"id":1,"property":"city","type":"string","description":"","required":true}]',
  func: 'return $city',
}

describe('tool form', () => {
  it('starts a new tool empty, in the colour it is given', () => {
    const form = toolFormOf(undefined, '#4F6BED')
    expect(toToolBody(form)).toEqual({
      name: '',
      description: '',
      color: '#4F6BED',
      iconSrc: null,
      schema: '[]',
      func: '',
    })
  })

  it('sends a saved tool back as it was when nothing changed', () => {
    const form = toolFormOf(saved, '#4F6BED')
    expect(toToolBody(form)).toEqual(saved)
    expect(isUnchanged({ ...form }, form)).toBe(true)
    expect(isUnchanged({ ...form, func: 'return 1' }, form)).toBe(false)
  })

  it('names every field that stops a save', () => {
    const form = {
      ...toolFormOf(undefined, '#4F6BED'),
      name: 'get weather',
      iconSrc: 'javascript:alert(1)',
      schema: { mode: 'json' as const, rows: [], json: '{"type":"object",' },
    }
    const errors = validateToolForm(form)
    expect(errors.name).toBe('Tool Name must hold only letters, digits, _ and - (not a space), e.g. get_order_status')
    expect(errors.description).toBe('Tool Description is required: it tells the model when to use the tool')
    expect(errors.iconSrc).toBe(
      'Tool Icon Source must be an http(s) address, a path on this server or a data:image URL',
    )
    expect(errors.schema).toMatch(/^Input Schema is not valid JSON: /)
    expect(validateToolForm(toolFormOf(saved, '#4F6BED'))).toEqual({})
  })

  it('checks grid rows as the server does', () => {
    const form = toolFormOf(
      { ...saved, schema: JSON.stringify([{ property: 'city' }, { property: 'city' }]) },
      '#4F6BED',
    )
    expect(validateToolForm(form).schema).toBe('Input Schema row 2: property "city" is listed twice')
  })
})
