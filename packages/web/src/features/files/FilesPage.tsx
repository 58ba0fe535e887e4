import PageHeader from '../../components/PageHeader'

/** Files (issue 24: being built). */
export default function FilesPage() {
  return <PageHeader title="Files" />
}
