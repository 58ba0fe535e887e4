import PageHeader from '../../components/PageHeader'

/** Signing in (issue 24: being built). */
export default function SsoSuccessPage() {
  return <PageHeader title="Signing in" />
}
