import { defineNode } from '../define-node.js'
import type { Tool } from '../providers/chat-model.js'
import { ArithmeticError, evaluateArithmetic, formatNumber } from './arithmetic.js'

/** The calculator as a tool; a mistake in the expression is answered as text so the model can fix it. */
export const calculatorTool: Tool = {
  kind: 'tool',
  name: 'calculator',
  description:
    'Works out arithmetic exactly. Input: an expression with numbers, + - * / % ^ and parentheses, e.g. (12.5 + 3) * 4.',
  inputSchema: {
    type: 'object',
    properties: { expression: { type: 'string', description: 'The arithmetic expression, e.g. 2 * (3 + 4)' } },
    required: ['expression'],
  },
  execute: async (input) => {
    // Models sometimes name the argument differently; the only text given is the expression.
    const expression =
      input.expression ?? input.input ?? Object.values(input).find((value) => typeof value === 'string')
    try {
      return formatNumber(evaluateArithmetic(String(expression ?? '')))
    } catch (error) {
      if (error instanceof ArithmeticError) return `Cannot work out "${String(expression ?? '')}": ${error.message}`
      throw error
    }
  },
}

export default defineNode({
  descriptor: {
    label: 'Calculator',
    name: 'calculator',
    version: 1,
    type: 'Calculator',
    category: 'Tools',
    description: 'Let an agent work out arithmetic exactly instead of guessing.',
    icon: 'calculator.svg',
    color: '#1E8F8B',
    baseClasses: ['Calculator', 'Tool', 'StructuredTool', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [],
  },
  run: async () => calculatorTool,
})
