import Box from '@mui/material/Box'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import { useId, useState } from 'react'
import { useCanvasActions } from '../../canvasActions'
import ConditionAlert from '../ConditionAlert'
import FieldShell from './FieldShell'
import InputField from './InputField'
import type { InputFieldProps } from './types'
import { toText } from './values'

/**
 * One tab per alternative way to give this input (a table or code, say). The open tab is itself
 * an input (`tabIdentifier`), so the flow remembers which alternative applies.
 */
export default function TabsInput({ param, nodeId, nodeName, inputs, disabled }: InputFieldProps) {
  const { setNodeInput } = useCanvasActions()
  const id = useId()
  const [viewedTab, setViewedTab] = useState<string>()
  const tabs = param.tabs ?? []
  const identifier = param.tabIdentifier ?? `${param.name}Tab`
  const stored = disabled ? (viewedTab ?? toText(inputs[identifier])) : toText(inputs[identifier])
  const open = tabs.find((tab) => tab.name === stored) ?? tabs[0]
  if (!open) return null

  // A read-only flow cannot store the open tab, but its reader may still look at each one.
  const openTab = (name: string) => (disabled ? setViewedTab(name) : setNodeInput(nodeId, identifier, name))
  return (
    <FieldShell param={param}>
      <Tabs
        value={open.name}
        onChange={(_event, name: string) => openTab(name)}
        variant="scrollable"
        aria-label={param.label}
        sx={{ minHeight: 36, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.name}
            value={tab.name}
            label={tab.label}
            id={`${id}-${tab.name}`}
            aria-controls={`${id}-panel`}
            sx={{ minHeight: 36, py: 0.5, fontSize: 13, textTransform: 'none' }}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${open.name}`} sx={{ pt: 1 }}>
        <InputField
          param={open}
          value={inputs[open.name]}
          onChange={(value) => setNodeInput(nodeId, open.name, value)}
          nodeId={nodeId}
          nodeName={nodeName}
          inputs={inputs}
          disabled={disabled}
        />
      </Box>
      <ConditionAlert nodeName={nodeName} inputs={{ ...inputs, [identifier]: open.name }} />
    </FieldShell>
  )
}
