import type { FlowTemplate } from '@weft/core'
import type { TemplateFlow } from './template-flow.js'

/** An Agentflow V2 model step's messages: one system message. */
export const system = (content: string) => [{ role: 'system', content }]

/** A template's card: everything but the flow, which `finish` serialises. */
export type TemplateCard = Omit<FlowTemplate, 'flowData'>

export const finish = (card: TemplateCard, flow: TemplateFlow): FlowTemplate => ({
  ...card,
  flowData: JSON.stringify(flow.build()),
})

/** Short texts the document templates ship with, so they answer before the user brings their own. */
export const SAMPLE_TEXTS = {
  returns: [
    'Returns policy.',
    'Items can be returned within 30 days of delivery for a full refund.',
    'Opened software cannot be returned, but it can be exchanged.',
  ].join('\n\n'),
  shipping: [
    'Shipping guide.',
    'Orders ship from the warehouse within two working days.',
    'Express delivery costs 9 euros and arrives the next day.',
  ].join('\n\n'),
  onboarding: [
    'Onboarding notes.',
    'New staff get a laptop on their first morning from the IT desk.',
    'Every newcomer is paired with a buddy for the first month.',
  ].join('\n\n'),
}
