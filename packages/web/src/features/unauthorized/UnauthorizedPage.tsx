import AuthCard from '../../components/AuthCard'
import AuthMessage from '../../components/AuthMessage'

export default function UnauthorizedPage() {
  return (
    <AuthCard title="Access denied" subtitle="Your role or plan does not include this page.">
      <AuthMessage
        severity="error"
        message="You do not have permission to view this page. Ask your administrator if you need access."
        action={{ label: 'Back to Chatflows', to: '/chatflows' }}
      />
    </AuthCard>
  )
}
