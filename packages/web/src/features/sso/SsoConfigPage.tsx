import PageHeader from '../../components/PageHeader'

/** SSO Config (issue 24: being built). */
export default function SsoConfigPage() {
  return <PageHeader title="SSO Config" />
}
