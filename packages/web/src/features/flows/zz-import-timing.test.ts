import { it } from 'vitest'
it('times', async () => {
  await import('../../app/App')
  await import('../../app/routes')
  const mods: [string, () => Promise<unknown>][] = [
    ['core', () => import('@weft/core')],
    ['react-query', () => import('@tanstack/react-query')],
    ['Card', () => import('@mui/material/Card')],
    ['Chip', () => import('@mui/material/Chip')],
    ['Skeleton', () => import('@mui/material/Skeleton')],
    ['Table', () => Promise.all([import('@mui/material/Table'), import('@mui/material/TableBody'), import('@mui/material/TableCell'), import('@mui/material/TableContainer'), import('@mui/material/TableHead'), import('@mui/material/TableRow')])],
    ['Toggle', () => Promise.all([import('@mui/material/ToggleButton'), import('@mui/material/ToggleButtonGroup')])],
    ['TextField', () => import('@mui/material/TextField')],
    ['Menu', () => Promise.all([import('@mui/material/Menu'), import('@mui/material/MenuItem'), import('@mui/material/ListItemIcon'), import('@mui/material/ListItemText')])],
    ['Dialog', () => Promise.all([import('@mui/material/Dialog'), import('@mui/material/DialogActions'), import('@mui/material/DialogContent'), import('@mui/material/DialogTitle')])],
    ['dayjs', () => Promise.all([import('dayjs'), import('dayjs/plugin/relativeTime')])],
    ['page', () => import('./ChatflowsPage')],
  ]
  for (const [name, load] of mods) {
    const t = performance.now()
    await load()
    console.log(name, Math.round(performance.now() - t))
  }
}, 30000)
