import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import { useQueryClient } from '@tanstack/react-query'
import { errorMessage, type FlowTemplate } from '@weft/core'
import { useSearchParams } from 'react-router'
import { deleteCustomTemplate } from '../../api/marketplace'
import PageHeader from '../../components/PageHeader'
import { useConfirm } from '../../components/confirm/useConfirm'
import { notify } from '../../components/notifications/notify'
import { useSession } from '../../store/session'
import { useCan } from '../flows/useCan'
import TemplateBrowser from './TemplateBrowser'
import { templatesKey, useTemplates } from './useTemplates'

/** /marketplaces: ready-made flows to start from, and the templates the workspace saved itself. */
export default function MarketplacesPage() {
  const [search, setSearch] = useSearchParams()
  const canSeeBuiltIn = useCan('templates:marketplace')
  const canSeeCustom = useCan('templates:custom')
  const canDelete = useCan('templates:custom-delete')
  const tab = (search.get('tab') === 'custom' && canSeeCustom) || !canSeeBuiltIn ? 'custom' : 'builtIn'
  const builtIn = useTemplates('builtIn', tab === 'builtIn')
  const custom = useTemplates('custom', tab === 'custom')
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  const workspaceId = useSession((state) => state.user?.activeWorkspaceId)

  const remove = async (template: FlowTemplate) => {
    const confirmed = await confirm({
      title: 'Delete template',
      description: `Delete template ${template.templateName}? Flows already made from it stay as they are.`,
      confirmButtonName: 'Delete',
      cancelButtonName: 'Cancel',
    })
    if (!confirmed) return
    try {
      await deleteCustomTemplate(template.id)
      notify(`Template ${template.templateName} deleted`, 'success')
    } catch (error) {
      notify(errorMessage(error), 'error')
    }
    await queryClient.invalidateQueries({ queryKey: templatesKey(workspaceId, 'custom') })
  }

  return (
    <>
      <PageHeader
        title="Marketplaces"
        description="Ready-made flows to start from. Open one to look inside, then use it as your own."
      />
      {canSeeBuiltIn && canSeeCustom && (
        <Tabs
          value={tab}
          onChange={(_event, next: string) => setSearch(next === 'custom' ? { tab: 'custom' } : {}, { replace: true })}
          sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="builtIn" label="Community Templates" />
          <Tab value="custom" label="My Templates" />
        </Tabs>
      )}
      {tab === 'builtIn' ? (
        <TemplateBrowser key="builtIn" list={builtIn} emptyTitle="No templates yet" />
      ) : (
        <TemplateBrowser
          key="custom"
          list={custom}
          emptyTitle="No saved templates yet"
          emptyDescription="Save a flow or a tool as a template from its menu, and it appears here for everyone in the workspace."
          onDelete={canDelete ? (template) => void remove(template) : undefined}
        />
      )}
    </>
  )
}
