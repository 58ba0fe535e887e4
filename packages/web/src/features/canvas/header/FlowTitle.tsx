import Typography from '@mui/material/Typography'

/** The page's heading: the flow's or template's name. */
export default function FlowTitle({ children }: { children: string }) {
  return (
    <Typography variant="h5" component="h1" noWrap title={children}>
      {children}
    </Typography>
  )
}
