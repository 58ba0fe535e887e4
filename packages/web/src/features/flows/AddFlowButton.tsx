import Add from '@mui/icons-material/Add'
import ExpandMore from '@mui/icons-material/ExpandMore'
import Button from '@mui/material/Button'
import ListItemText from '@mui/material/ListItemText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { useState } from 'react'
import { Link } from 'react-router'
import type { CreateChoice } from './flowLists'

/** "Add New": opens a new canvas, or first asks which kind when there are several. */
export default function AddFlowButton({ choices }: { choices: CreateChoice[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [only] = choices
  if (choices.length === 1 && only)
    return (
      <Button component={Link} to={only.path} variant="contained" startIcon={<Add />}>
        Add New
      </Button>
    )
  return (
    <>
      <Button
        variant="contained"
        startIcon={<Add />}
        endIcon={<ExpandMore />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Add New
      </Button>
      <Menu
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {choices.map((choice) => (
          <MenuItem key={choice.path} component={Link} to={choice.path} onClick={() => setAnchor(null)}>
            <ListItemText primary={choice.label} secondary={choice.description} />
          </MenuItem>
        ))}
      </Menu>
    </>
  )
}
