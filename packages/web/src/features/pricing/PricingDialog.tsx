import RocketLaunch from '@mui/icons-material/RocketLaunchOutlined'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import EmptyState from '../../components/EmptyState'

/** The plan change dialog; plans and billing come with the pricing API. */
export default function PricingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="pricing-dialog-title">
      <DialogTitle id="pricing-dialog-title">Change plan</DialogTitle>
      <DialogContent>
        <EmptyState
          icon={RocketLaunch}
          title="Plans are on their way"
          description="Starter, Pro and Enterprise plans, with billing and seats, will be chosen here."
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}
