import Visibility from '@mui/icons-material/VisibilityOutlined'
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'

/** The show/hide button at the end of a password field. */
export default function RevealToggle({ revealed, onToggle }: { revealed: boolean; onToggle: () => void }) {
  return (
    <InputAdornment position="end">
      <IconButton aria-label={revealed ? 'Hide password' : 'Show password'} onClick={onToggle} edge="end" size="small">
        {revealed ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
      </IconButton>
    </InputAdornment>
  )
}
