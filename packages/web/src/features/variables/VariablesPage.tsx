import Add from '@mui/icons-material/Add'
import DataObject from '@mui/icons-material/DataObjectOutlined'
import Delete from '@mui/icons-material/DeleteOutlined'
import Edit from '@mui/icons-material/EditOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'
import { useQueryClient } from '@tanstack/react-query'
import type { NewVariable, Variable } from '@weft/core'
import { useDeferredValue, useMemo, useState } from 'react'
import { createVariable, deleteVariable, listVariables, updateVariable } from '../../api/variables'
import { useConfirm } from '../../components/confirm/useConfirm'
import { notify } from '../../components/notifications/notify'
import { matchesText } from '../../components/list/matchesText'
import ResourceList from '../../components/list/ResourceList'
import ResourceTable, { type Column } from '../../components/list/ResourceTable'
import RowAction from '../../components/list/RowAction'
import { useListAction } from '../../components/list/useListAction'
import { useWorkspaceList } from '../../components/list/useWorkspaceList'
import { fromNow, fullDate } from '../flows/fromNow'
import { useCan } from '../flows/useCan'
import VariableDialog from './VariableDialog'
import VarUsage from './VarUsage'

const VARIABLES_KEY = 'variables'

const TYPE_LABELS = { static: 'Static', runtime: 'Runtime' } as const

/** The dialog open: adding (null) or editing a variable. */
type Editing = { variable: Variable | null }

/** /variables: values flows read as `$vars.<name>`, stored here or taken from the server's environment. */
export default function VariablesPage() {
  const list = useWorkspaceList(VARIABLES_KEY, listVariables)
  const queryClient = useQueryClient()
  const confirm = useConfirm()
  const run = useListAction(VARIABLES_KEY)
  const canCreate = useCan('variables:create')
  const canUpdate = useCan('variables:update')
  const canDelete = useCan('variables:delete')
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<Editing | null>(null)

  const query = useDeferredValue(search)
  const shown = useMemo(
    () =>
      list.items.filter((variable) =>
        matchesText([variable.name, variable.type, variable.type === 'static' ? variable.value : ''], query),
      ),
    [list.items, query],
  )

  const save = async (body: NewVariable) => {
    const current = editing?.variable
    if (current) await updateVariable(current.id, body)
    else await createVariable(body)
    notify(`Variable ${body.name} ${current ? 'saved' : 'added'}`, 'success')
    setEditing(null)
    await queryClient.invalidateQueries({ queryKey: [VARIABLES_KEY] })
  }

  const remove = async (variable: Variable) => {
    const confirmed = await confirm({
      title: 'Delete variable',
      description: `Delete variable ${variable.name}? Flows that read $vars.${variable.name} will get no value.`,
      confirmButtonName: 'Delete',
    })
    if (confirmed)
      await run(() => deleteVariable(variable.id), `Variable ${variable.name} deleted`, 'Failed to delete variable')
  }

  const columns: Column<Variable>[] = [
    {
      header: 'Name',
      cell: (variable) => (
        <Box>
          <Typography variant="body2" fontWeight={500} sx={{ overflowWrap: 'anywhere' }}>
            {variable.name}
          </Typography>
          <VarUsage name={variable.name} />
        </Box>
      ),
    },
    {
      header: 'Value',
      cell: (variable) =>
        variable.type === 'runtime' ? (
          <Typography variant="body2" color="text.secondary" fontStyle="italic">
            from the server environment
          </Typography>
        ) : variable.value === '' ? (
          <Typography variant="body2" color="text.secondary">
            empty
          </Typography>
        ) : (
          <Typography
            variant="body2"
            title={variable.value}
            sx={{
              fontFamily: 'monospace',
              maxWidth: 320,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {variable.value}
          </Typography>
        ),
    },
    {
      header: 'Type',
      cell: (variable) => (
        <Chip
          size="small"
          variant="outlined"
          color={variable.type === 'runtime' ? 'secondary' : 'default'}
          label={TYPE_LABELS[variable.type] ?? variable.type}
        />
      ),
    },
    {
      header: 'Last Updated',
      nowrap: true,
      hideOnPhones: true,
      cell: (variable) => (
        <Typography variant="body2" color="text.secondary" title={fullDate(variable.updatedDate)}>
          {fromNow(variable.updatedDate)}
        </Typography>
      ),
    },
  ]
  const actions =
    canUpdate || canDelete
      ? (variable: Variable) => (
          <>
            {canUpdate && (
              <RowAction
                title="Edit"
                label={`Edit ${variable.name}`}
                icon={<Edit fontSize="small" />}
                onClick={() => setEditing({ variable })}
              />
            )}
            {canDelete && (
              <RowAction
                danger
                title="Delete"
                label={`Delete ${variable.name}`}
                icon={<Delete fontSize="small" />}
                onClick={() => void remove(variable)}
              />
            )}
          </>
        )
      : undefined

  const addButton = canCreate ? (
    <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ variable: null })}>
      Add Variable
    </Button>
  ) : null

  return (
    <>
      <ResourceList
        title="Variables"
        description="Values your flows can read at run time, static or from the environment."
        noun="variables"
        addButton={addButton}
        list={{ ...list, total: list.items.length }}
        search={search}
        onSearch={setSearch}
        searchPlaceholder="Search by name, type or value"
        shownCount={shown.length}
        empty={{
          icon: DataObject,
          title: 'No variables yet',
          description:
            'Keep a value in one place and use it in any flow as $vars.<name>, or read it from the server’s environment.',
        }}
        hint={
          <Typography variant="body2" color="text.secondary">
            Use a variable in any text input as <code>$vars.&lt;name&gt;</code>
          </Typography>
        }
      >
        <ResourceTable
          label="Variables"
          columns={columns}
          items={shown}
          rowKey={(variable) => variable.id}
          actions={actions}
        />
      </ResourceList>
      {editing && (
        <VariableDialog
          key={editing.variable?.id ?? 'new'}
          variable={editing.variable ?? undefined}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  )
}
