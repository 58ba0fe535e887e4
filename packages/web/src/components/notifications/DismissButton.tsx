import CloseIcon from '@mui/icons-material/Close'
import IconButton from '@mui/material/IconButton'

export default function DismissButton({ onClick }: { onClick: () => void }) {
  return (
    <IconButton aria-label="Dismiss" size="small" color="inherit" onClick={onClick}>
      <CloseIcon fontSize="small" />
    </IconButton>
  )
}
