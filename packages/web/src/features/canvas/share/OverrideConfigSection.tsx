import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { isParamEnabled, isVariableEnabled, type OverrideLock, type Variable } from '@weft/core'
import { useMemo } from 'react'
import { listVariables } from '../../../api/variables'
import { useSession } from '../../../store/session'
import { parseConfig } from './configForm'
import { overrideTargets, withParam, withVariable, type OverrideTarget } from './overrideChoices'
import type { ConfigTabProps } from './useConfigForm'

const LOCK_REASONS: Record<OverrideLock, string> = {
  never: 'Locked: secrets, credentials, files and code are never overridden',
  credential: 'Locked: uses a credential',
}

/**
 * Which node params and workspace variables API callers may change through `overrideConfig`. Off by
 * default: a call that tries to override anything else is refused.
 */
export default function OverrideConfigSection({ form, update, flowData }: ConfigTabProps & { flowData: string }) {
  const targets = useMemo(() => overrideTargets(parseConfig(flowData)), [flowData])
  const setting = form.overrides
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={setting.status}
            onChange={(event) => update({ overrides: { ...setting, status: event.target.checked } })}
          />
        }
        label="Allow overrides"
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Let API calls change the parameters and variables chosen below through overrideConfig. Any other override is
        refused.
      </Typography>
      {setting.status && (
        <Stack spacing={2}>
          {targets.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No node of this flow has parameters to override.
            </Typography>
          ) : (
            targets.map((target) => (
              <TargetParams
                key={target.label}
                target={target}
                isEnabled={(name) => isParamEnabled(setting, target.label, name)}
                onChange={(param, enabled) => update({ overrides: withParam(setting, target.label, param, enabled) })}
              />
            ))
          )}
          <Variables
            isEnabled={(name) => isVariableEnabled(setting, name)}
            onChange={(variable, enabled) => update({ overrides: withVariable(setting, variable, enabled) })}
          />
        </Stack>
      )}
    </Box>
  )
}

function TargetParams({
  target,
  isEnabled,
  onChange,
}: {
  target: OverrideTarget
  isEnabled: (name: string) => boolean
  onChange: (param: OverrideTarget['params'][number], enabled: boolean) => void
}) {
  return (
    <Box role="group" aria-label={target.label}>
      <Typography variant="subtitle2">
        {target.label}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          {target.nodeIds.join(', ')}
        </Typography>
      </Typography>
      <FormGroup>
        {target.params.map((param) => (
          <FormControlLabel
            key={param.name}
            disabled={Boolean(param.lock)}
            control={
              <Checkbox
                size="small"
                checked={!param.lock && isEnabled(param.name)}
                onChange={(event) => onChange(param, event.target.checked)}
              />
            }
            label={
              <Typography variant="body2">
                {param.label}{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  {param.lock ? `${param.name} · ${LOCK_REASONS[param.lock]}` : param.name}
                </Typography>
              </Typography>
            }
          />
        ))}
      </FormGroup>
    </Box>
  )
}

function Variables({
  isEnabled,
  onChange,
}: {
  isEnabled: (name: string) => boolean
  onChange: (variable: Variable, enabled: boolean) => void
}) {
  const workspaceId = useSession((state) => state.user?.activeWorkspaceId)
  const query = useQuery({ queryKey: ['variables', workspaceId], queryFn: listVariables })
  const variables = query.data ?? []
  return (
    <Box role="group" aria-label="Variables">
      <Typography variant="subtitle2">Variables</Typography>
      {query.isError ? (
        <Typography variant="body2" color="error">
          The workspace&apos;s variables could not be loaded.
        </Typography>
      ) : variables.length === 0 && !query.isPending ? (
        <Typography variant="body2" color="text.secondary">
          The workspace has no variables.
        </Typography>
      ) : (
        <FormGroup>
          {variables.map((variable) => (
            <FormControlLabel
              key={variable.id}
              control={
                <Checkbox
                  size="small"
                  checked={isEnabled(variable.name)}
                  onChange={(event) => onChange(variable, event.target.checked)}
                />
              }
              label={<Typography variant="body2">{variable.name}</Typography>}
            />
          ))}
        </FormGroup>
      )}
    </Box>
  )
}
