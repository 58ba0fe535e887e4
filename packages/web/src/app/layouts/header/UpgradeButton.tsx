import RocketLaunch from '@mui/icons-material/RocketLaunchOutlined'
import Button from '@mui/material/Button'
import { useState } from 'react'
import PricingDialog from '../../../features/pricing/PricingDialog'

/** Cloud organization admins can change plans. */
export default function UpgradeButton() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="contained" size="small" startIcon={<RocketLaunch fontSize="small" />} onClick={() => setOpen(true)}>
        Upgrade
      </Button>
      <PricingDialog open={open} onClose={() => setOpen(false)} />
    </>
  )
}
