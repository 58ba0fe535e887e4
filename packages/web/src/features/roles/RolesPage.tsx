import PageHeader from '../../components/PageHeader'

/** Roles (issue 24: being built). */
export default function RolesPage() {
  return <PageHeader title="Roles" />
}
