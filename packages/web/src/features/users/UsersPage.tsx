import PageHeader from '../../components/PageHeader'

/** Users (issue 24: being built). */
export default function UsersPage() {
  return <PageHeader title="Users" />
}
