import { isInputDisplayed, type FlowNodeData } from '@weft/core'
import { useMemo } from 'react'

/**
 * The params and anchors the node's current inputs show (SPEC §4 input visibility), evaluated on
 * each change of the inputs so choosing an option shows or hides the fields it governs at once.
 */
export function useDisplayedInputs(data: Pick<FlowNodeData, 'inputParams' | 'inputAnchors' | 'inputs'>) {
  const { inputParams, inputAnchors, inputs } = data
  return useMemo(
    () => ({
      params: inputParams.filter((param) => isInputDisplayed(param, inputs)),
      anchors: inputAnchors.filter((anchor) => isInputDisplayed(anchor, inputs)),
    }),
    [inputParams, inputAnchors, inputs],
  )
}
