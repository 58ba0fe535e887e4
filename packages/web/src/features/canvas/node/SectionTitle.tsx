import Typography from '@mui/material/Typography'

/** A band naming a part of a node card ("Inputs", "Output"). */
export default function SectionTitle({ children }: { children: string }) {
  return (
    <Typography
      sx={{
        px: 1.5,
        py: 0.5,
        fontSize: 12,
        fontWeight: 600,
        letterSpacing: '0.02em',
        color: 'text.secondary',
        bgcolor: 'action.hover',
        borderTop: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {children}
    </Typography>
  )
}
