import { errorMessage } from '../text/error-message.js'

/** The steps of an export whose failures SPEC §8 names by prefix. */
export type ExportStep =
  | 'sanitizeTool'
  | 'sanitizeChatflow'
  | 'sanitizeVariable'
  | 'sanitizeAssistant'
  | 'sanitizeCustomTemplate'
  | 'sanitizeDocumentStore'
  | 'sanitizeExecution'
  | 'stringify'
  | 'exportData'

/** A failed export step: its message is `exportImport.<step> - <what went wrong>`. */
export class ExportStepError extends Error {
  constructor(
    readonly step: ExportStep,
    reason: string,
  ) {
    super(`exportImport.${step} - ${reason}`)
    this.name = 'ExportStepError'
  }
}

/**
 * Runs one export step; what it throws (or its promise rejects with) comes back as an
 * ExportStepError naming the step, once: an inner step's name is kept.
 */
export function exportStep<T>(step: ExportStep, run: () => T): T {
  const fail = (error: unknown): never => {
    throw error instanceof ExportStepError ? error : new ExportStepError(step, errorMessage(error))
  }
  try {
    const result = run()
    return (result instanceof Promise ? result.catch(fail) : result) as T
  } catch (error) {
    return fail(error)
  }
}
