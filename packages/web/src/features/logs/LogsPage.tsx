import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import { useSearchParams } from 'react-router'
import PageHeader from '../../components/PageHeader'
import AuditLogPanel from './AuditLogPanel'
import ServerLogsPanel from './ServerLogsPanel'

/** /logs: the server's own log, day by day, and the audit log of who changed what. */
export default function LogsPage() {
  const [params, setParams] = useSearchParams()
  const tab = params.get('tab') === 'audit' ? 'audit' : 'server'
  return (
    <>
      <PageHeader title="Logs" description="What the server did, day by day, and who changed what in the workspace." />
      <Tabs
        value={tab}
        onChange={(_event, next: string) => setParams(next === 'audit' ? { tab: 'audit' } : {}, { replace: true })}
        aria-label="Logs"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="server" label="Server logs" />
        <Tab value="audit" label="Audit log" />
      </Tabs>
      {tab === 'server' ? <ServerLogsPanel /> : <AuditLogPanel />}
    </>
  )
}
