import Add from '@mui/icons-material/Add'
import Build from '@mui/icons-material/BuildOutlined'
import Delete from '@mui/icons-material/DeleteOutlined'
import Edit from '@mui/icons-material/EditOutlined'
import Download from '@mui/icons-material/FileDownloadOutlined'
import Upload from '@mui/icons-material/FileUploadOutlined'
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { NewSavedTool, SavedTool } from '@weft/core'
import { useDeferredValue, useMemo, useRef, useState, type ChangeEvent } from 'react'
import { useSearchParams } from 'react-router'
import { getCustomTemplate, saveCustomTemplate, type TemplateDetails } from '../../api/marketplace'
import { createTool, deleteTool, listTools, updateTool } from '../../api/tools'
import { useConfirm } from '../../components/confirm/useConfirm'
import { matchesText } from '../../components/list/matchesText'
import ResourceList from '../../components/list/ResourceList'
import ResourceTable, { type Column } from '../../components/list/ResourceTable'
import RowAction from '../../components/list/RowAction'
import { useListAction } from '../../components/list/useListAction'
import { useWorkspaceList } from '../../components/list/useWorkspaceList'
import { notify } from '../../components/notifications/notify'
import { downloadJson } from '../export-import/downloadJson'
import { fromNow, fullDate } from '../flows/fromNow'
import { useCan } from '../flows/useCan'
import SaveTemplateDialog from '../marketplace/SaveTemplateDialog'
import ToolDialog, { type LoadedTool } from './ToolDialog'
import { readToolFile, toolExportOf } from './toolFile'
import { TOOL_COLORS } from './toolForm'
import ToolIcon from './ToolIcon'

const TOOLS_KEY = 'tools'

/** The dialog open: creating (no tool, maybe from a file) or showing a saved tool. */
type Editing = { tool: SavedTool | null; loaded?: LoadedTool }

/** /tools: custom tools agents can call, each a JavaScript function with a schema of its arguments. */
export default function ToolsPage() {
  const list = useWorkspaceList(TOOLS_KEY, listTools)
  const queryClient = useQueryClient()
  const confirm = useConfirm()
  const run = useListAction(TOOLS_KEY)
  const canCreate = useCan('tools:create')
  const canUpdate = useCan('tools:update')
  const canDelete = useCan('tools:delete')
  const canExport = useCan('tools:export')
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<Editing | null>(null)
  const [templating, setTemplating] = useState<SavedTool | null>(null)
  const canSaveTemplate = useCan('templates:toolexport')
  const fileInput = useRef<HTMLInputElement>(null)
  // "Use template" on a tool template of My Templates opens here as /tools?template={id}: a new tool from it.
  const [params, setParams] = useSearchParams()
  const templateId = canCreate ? params.get('template') : null
  const template = useQuery({
    queryKey: ['template', templateId],
    queryFn: () => getCustomTemplate(templateId!),
    enabled: Boolean(templateId),
  })
  const fromTemplate = useMemo<Editing | null>(() => {
    if (!templateId || !template.data) return null
    const reading = readToolFile(template.data.flowData)
    return 'tool' in reading
      ? { tool: null, loaded: { fields: reading.tool, fileName: `template ${template.data.templateName}` } }
      : null
  }, [templateId, template.data])
  const shownEditing = editing ?? fromTemplate
  const closeDialog = () => {
    setEditing(null)
    if (templateId) setParams({}, { replace: true })
  }

  const saveTemplate = async (details: TemplateDetails) => {
    if (!templating) return
    const { name, description, color, iconSrc, schema, func } = templating
    await saveCustomTemplate({ ...details, tool: { name, description, color, iconSrc, schema, func } })
    setTemplating(null)
    notify(`Saved ${details.name} as a template`, 'success')
  }

  const query = useDeferredValue(search)
  const shown = useMemo(
    () => list.items.filter((tool) => matchesText([tool.name, tool.description], query)),
    [list.items, query],
  )

  const save = async (body: NewSavedTool) => {
    const current = editing?.tool
    if (current) await updateTool(current.id, body)
    else await createTool(body)
    notify(`Tool ${body.name} ${current ? 'saved' : 'created'}`, 'success')
    closeDialog()
    await queryClient.invalidateQueries({ queryKey: [TOOLS_KEY] })
  }

  const remove = async (tool: SavedTool) => {
    const confirmed = await confirm({
      title: 'Delete tool',
      description: `Delete tool ${tool.name}? Flows that use it can no longer call it.`,
      confirmButtonName: 'Delete',
    })
    if (!confirmed) return
    if (await run(() => deleteTool(tool.id), `Tool ${tool.name} deleted`, 'Failed to delete tool')) setEditing(null)
  }

  const exportTool = (tool: SavedTool) => {
    const { data, fileName } = toolExportOf(tool)
    downloadJson(data, fileName)
  }

  const load = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const reading = readToolFile(await file.text())
    if ('error' in reading) notify(`Could not load ${file.name}. ${reading.error}`, 'error')
    else setEditing({ tool: null, loaded: { fields: reading.tool, fileName: file.name } })
  }

  const columns: Column<SavedTool>[] = [
    {
      header: 'Name',
      cell: (tool) => (
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ minWidth: 200 }}>
          <ToolIcon iconSrc={tool.iconSrc} color={tool.color} size={32} />
          <Link
            component="button"
            type="button"
            variant="body2"
            fontWeight={500}
            underline="hover"
            color="text.primary"
            onClick={() => setEditing({ tool })}
            sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}
          >
            {tool.name}
          </Link>
        </Stack>
      ),
    },
    {
      header: 'Description',
      cell: (tool) => (
        <Typography
          variant="body2"
          color="text.secondary"
          title={tool.description}
          sx={{
            minWidth: { xs: 200, md: 360 },
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {tool.description}
        </Typography>
      ),
    },
    {
      header: 'Last Updated',
      nowrap: true,
      hideOnPhones: true,
      cell: (tool) => (
        <Typography variant="body2" color="text.secondary" title={fullDate(tool.updatedDate)}>
          {fromNow(tool.updatedDate)}
        </Typography>
      ),
    },
  ]
  const actions =
    canUpdate || canExport || canDelete || canSaveTemplate
      ? (tool: SavedTool) => (
          <>
            {canUpdate && (
              <RowAction
                title="Edit"
                label={`Edit ${tool.name}`}
                icon={<Edit fontSize="small" />}
                onClick={() => setEditing({ tool })}
              />
            )}
            {canExport && (
              <RowAction
                title="Export"
                label={`Export ${tool.name}`}
                icon={<Download fontSize="small" />}
                onClick={() => exportTool(tool)}
              />
            )}
            {canSaveTemplate && (
              <RowAction
                title="Save as template"
                label={`Save ${tool.name} as template`}
                icon={<StorefrontOutlined fontSize="small" />}
                onClick={() => setTemplating(tool)}
              />
            )}
            {canDelete && (
              <RowAction
                danger
                title="Delete"
                label={`Delete ${tool.name}`}
                icon={<Delete fontSize="small" />}
                onClick={() => void remove(tool)}
              />
            )}
          </>
        )
      : undefined

  // Loading a file creates a tool, so both need tools:create.
  const addButtons = canCreate ? (
    <Stack direction="row" spacing={1}>
      <Button variant="outlined" startIcon={<Upload />} onClick={() => fileInput.current?.click()}>
        Load
      </Button>
      <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ tool: null })}>
        Create
      </Button>
    </Stack>
  ) : null

  const open = shownEditing?.tool
  return (
    <>
      <ResourceList
        title="Tools"
        description="Functions your agents can call: JavaScript with a schema of the arguments the model fills in."
        noun="tools"
        addButton={addButtons}
        list={{ ...list, total: list.items.length }}
        search={search}
        onSearch={setSearch}
        searchPlaceholder="Search by name or description"
        shownCount={shown.length}
        empty={{
          icon: Build,
          title: 'No tools yet',
          description:
            'Write a function, describe its arguments, and let your agents call it. Or load a tool file exported from Flowise or Weft.',
        }}
      >
        <ResourceTable label="Tools" columns={columns} items={shown} rowKey={(tool) => tool.id} actions={actions} />
      </ResourceList>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label="Tool file"
        onChange={(event) => void load(event)}
      />
      {shownEditing && (
        <ToolDialog
          key={open?.id ?? shownEditing.loaded?.fileName ?? 'new'}
          tool={open ?? undefined}
          loaded={shownEditing.loaded}
          color={TOOL_COLORS[list.items.length % TOOL_COLORS.length]!}
          readOnly={Boolean(open) && !canUpdate}
          canTest={canCreate || canUpdate}
          canExport={canExport}
          onDelete={open && canDelete ? () => void remove(open) : undefined}
          onSubmit={save}
          onClose={closeDialog}
        />
      )}
      {templating && (
        <SaveTemplateDialog
          what="tool"
          defaultName={templating.name}
          onSave={saveTemplate}
          onClose={() => setTemplating(null)}
        />
      )}
    </>
  )
}
