import { describe, expect, it } from 'vitest'
import {
  activePostProcessing,
  postProcessingCode,
  postProcessingProblem,
  toPostProcessingSetting,
} from './post-processing-setting.js'

describe('post-processing setting', () => {
  it('keeps the code as Flowise does, JSON text of a string, and reads it back', () => {
    const code = 'return $flow.rawOutput.toUpperCase() // "loud"'
    const setting = toPostProcessingSetting(true, code)
    expect(setting).toEqual({ enabled: true, customFunction: JSON.stringify(code) })
    expect(postProcessingCode(setting)).toBe(code)
    expect(activePostProcessing(setting)).toBe(code)
  })

  it('reads plain code too, and runs nothing when off or empty', () => {
    expect(postProcessingCode({ enabled: true, customFunction: 'return 1' })).toBe('return 1')
    expect(activePostProcessing({ enabled: false, customFunction: '"return 1"' })).toBeUndefined()
    expect(activePostProcessing({ enabled: true, customFunction: '"  "' })).toBeUndefined()
    expect(activePostProcessing(undefined)).toBeUndefined()
  })

  it('refuses settings it could not run, naming the field', () => {
    expect(postProcessingProblem({ enabled: false })).toBeUndefined()
    expect(postProcessingProblem('x')).toBe('postProcessing must be an object')
    expect(postProcessingProblem({ enabled: 'on' })).toBe('postProcessing.enabled must be true or false')
    expect(postProcessingProblem({ enabled: true, customFunction: 3 })).toBe(
      'postProcessing.customFunction must be the function as JSON text',
    )
    expect(postProcessingProblem({ enabled: true, customFunction: '""' })).toBe(
      'postProcessing.customFunction: write the function, or switch post-processing off',
    )
  })
})
