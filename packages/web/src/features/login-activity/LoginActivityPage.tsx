import PageHeader from '../../components/PageHeader'

/** Login Activity (issue 24: being built). */
export default function LoginActivityPage() {
  return <PageHeader title="Login Activity" />
}
