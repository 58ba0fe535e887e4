import PageHeader from '../../components/PageHeader'

/** Workspace Users (issue 24: being built). */
export default function WorkspaceUsersPage() {
  return <PageHeader title="Workspace Users" />
}
