// The prompts of the response synthesizers and how they are filled. The variables are Flowise's:
// {context}, {query} and, in refine prompts, {existingAnswer}.

export const TEXT_QA_PROMPT = [
  'Here is some context:',
  '---------------------',
  '{context}',
  '---------------------',
  'Answer the query from this context only, not from what you knew before.',
  'Query: {query}',
  'Answer:',
].join('\n')

export const REFINE_PROMPT = [
  'The query is: {query}',
  'An answer so far: {existingAnswer}',
  'Here is more context that may improve it:',
  '------------',
  '{context}',
  '------------',
  'Improve the answer with this context if it helps; if it does not, repeat the answer so far.',
  'Improved answer:',
].join('\n')

export const TREE_SUMMARIZE_PROMPT = [
  'Here is context from several sources:',
  '---------------------',
  '{context}',
  '---------------------',
  'Answer the query from these sources only, not from what you knew before.',
  'Query: {query}',
  'Answer:',
].join('\n')

export interface SynthesisValues {
  context?: string
  query?: string
  existingAnswer?: string
}

/** Fills every {context}, {query} and {existingAnswer} of a synthesizer prompt; other braces stay. */
export function fillSynthesisPrompt(template: string, values: SynthesisValues): string {
  return template.replace(/\{(context|query|existingAnswer)\}/g, (_, name: keyof SynthesisValues) => values[name] ?? '')
}
