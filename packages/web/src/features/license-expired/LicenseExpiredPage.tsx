import AuthCard from '../../components/AuthCard'
import AuthMessage from '../../components/AuthMessage'

export default function LicenseExpiredPage() {
  return (
    <AuthCard title="License expired" subtitle="This Weft installation needs a valid license.">
      <AuthMessage
        severity="info"
        message="Your license has expired. Please contact your administrator to renew it."
        action={{ label: 'Back to sign in', to: '/login' }}
      />
    </AuthCard>
  )
}
