import ChevronRight from '@mui/icons-material/ChevronRight'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { organizationLabel } from '@weft/core'
import { useSession } from '../../../store/session'

/** Cloud: "Owner's Organization › Workspace". The owner is known here only when it is the user. */
export default function OrganizationBreadcrumb() {
  const user = useSession((state) => state.user)
  if (!user) return null
  const organization = user.isOrganizationAdmin ? organizationLabel(user) : 'Organization'
  return (
    <Stack
      component="nav"
      aria-label="Organization and workspace"
      direction="row"
      alignItems="center"
      spacing={0.5}
      sx={{ display: { xs: 'none', md: 'flex' }, ml: 1, minWidth: 0 }}
    >
      <Typography variant="body2" color="text.secondary" noWrap>
        {organization}
      </Typography>
      <ChevronRight fontSize="small" sx={{ color: 'text.disabled' }} />
      <Typography variant="body2" fontWeight={600} noWrap>
        {user.activeWorkspace}
      </Typography>
    </Stack>
  )
}
