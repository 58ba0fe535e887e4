import Button from '@mui/material/Button'
import { errorMessage } from '@weft/core'
import { useState } from 'react'
import { resendVerification } from '../../api/account'
import { notify } from '../../components/notifications/notify'

/** Offered when sign-in fails because the email address is not verified yet. */
export default function ResendVerification({ email }: { email: string }) {
  const [sending, setSending] = useState(false)
  const resend = async () => {
    setSending(true)
    try {
      notify((await resendVerification(email)).message, 'success')
    } catch (error) {
      notify(errorMessage(error), 'error')
    } finally {
      setSending(false)
    }
  }
  return (
    <Button fullWidth sx={{ mt: 1.5 }} loading={sending} onClick={() => void resend()}>
      Resend verification email
    </Button>
  )
}
