import Close from '@mui/icons-material/Close'
import InsertDriveFile from '@mui/icons-material/InsertDriveFileOutlined'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Tooltip from '@mui/material/Tooltip'

export interface ListedFile {
  id: string
  /** Absent when the provider knows the file by id only. */
  filename?: string
  bytes?: number
}

const sizeOf = (bytes: number | undefined) =>
  bytes
    ? bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
      : `${(bytes / 1024).toFixed(1)} KB`
    : undefined

/** Files at the provider by name and size, each with a button that takes it out of `where`. */
export default function AssistantFileList({
  files,
  where,
  onRemove,
  disabled = false,
}: {
  files: ListedFile[]
  where: string
  onRemove: (file: ListedFile) => void
  disabled?: boolean
}) {
  if (files.length === 0) return null
  return (
    <List dense disablePadding aria-label={`Files of ${where}`}>
      {files.map((file) => {
        const name = file.filename ?? file.id
        return (
          <ListItem
            key={file.id}
            disableGutters
            secondaryAction={
              <Tooltip title="Remove">
                <span>
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={`Remove ${name} from ${where}`}
                    disabled={disabled}
                    onClick={() => onRemove(file)}
                  >
                    <Close fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            }
          >
            <ListItemIcon sx={{ minWidth: 32 }}>
              <InsertDriveFile fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={name} secondary={sizeOf(file.bytes)} />
          </ListItem>
        )
      })}
    </List>
  )
}
