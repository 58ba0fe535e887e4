import Avatar from '@mui/material/Avatar'

const initials = (name: string): string =>
  name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('')

export default function UserAvatar({ name }: { name: string }) {
  return (
    <Avatar
      sx={(theme) => ({
        width: 32,
        height: 32,
        fontSize: '0.8125rem',
        fontWeight: 600,
        color: '#FFFFFF',
        background: `linear-gradient(135deg, ${theme.palette.primary.light}, ${theme.palette.primary.dark})`,
      })}
    >
      {initials(name)}
    </Avatar>
  )
}
