import PageHeader from '../../components/PageHeader'

/** Workspaces (issue 24: being built). */
export default function WorkspacesPage() {
  return <PageHeader title="Workspaces" />
}
