import Typography from '@mui/material/Typography'
import type { InputParam, NodeDescriptor } from '@weft/core'
import { useMemo } from 'react'
import InputField from '../canvas/node/inputs/InputField'
import NodeSettings from './NodeSettings'
import SettingsSection from './SettingsSection'
import { chooseNode, type NodeChoice } from './vectorSettings'

interface NodeChoiceSectionProps {
  title: string
  /** What the section is for, in one line. */
  description: string
  /** The picker's label, e.g. "Embeddings to use". */
  pickerLabel: string
  nodes: NodeDescriptor[]
  choice: NodeChoice
  onChange: (choice: NodeChoice) => void
  disabled?: boolean
}

/** A node picked from a list (an embedding, a vector store), then its inputs and credential. */
export default function NodeChoiceSection(props: NodeChoiceSectionProps) {
  const { title, description, pickerLabel, nodes, choice, onChange, disabled } = props
  const picker = useMemo<InputParam>(
    () => ({
      label: pickerLabel,
      name: 'node',
      type: 'options',
      placeholder: nodes.length > 0 ? 'Choose one' : 'None available',
      options: nodes.map((node) => ({ label: node.label, name: node.name, description: node.description })),
    }),
    [nodes, pickerLabel],
  )
  const node = nodes.find((candidate) => candidate.name === choice.name)
  const pickerId = `documentStore${title.replace(/\W/g, '')}`
  return (
    <SettingsSection title={title}>
      <Typography variant="body2" color="text.secondary">
        {description}
      </Typography>
      <InputField
        param={picker}
        value={choice.name}
        onChange={(name) => onChange(chooseNode(nodes, String(name ?? '')))}
        nodeId={pickerId}
        nodeName={pickerId}
        inputs={{}}
        disabled={disabled}
      />
      {node && (
        <NodeSettings
          key={node.name}
          node={node}
          values={choice.config}
          onChange={(config) => onChange({ name: node.name, config })}
          disabled={disabled}
          foldAdditional
        />
      )}
    </SettingsSection>
  )
}
