import PageHeader from '../../components/PageHeader'

/** Logs (issue 24: being built). */
export default function LogsPage() {
  return <PageHeader title="Logs" />
}
