import { useTheme } from '@mui/material/styles'
import LogoMark from './LogoMark'

/**
 * The Weft logo, 150 px wide (SPEC §9): a white wordmark on dark mode, near-black on light mode.
 * The drawing is centred in a wider box, so at 150 px it stands about as tall as a toolbar control.
 */
export default function Logo() {
  const ink = useTheme().palette.mode === 'dark' ? '#FFFFFF' : '#14151A'
  return (
    <svg width={150} viewBox="-13 0 122 28" role="img" aria-label="Weft" style={{ display: 'block' }}>
      <LogoMark />
      <g fill="none" stroke={ink} strokeWidth="3.1" strokeLinecap="round" strokeLinejoin="round">
        <path d="M37 6 L41.2 22 L45.5 10.5 L49.8 22 L54 6" />
        <path d="M58 16.5 H69 A5.5 5.5 0 1 0 67.4 20.4" />
        <path d="M76 22 V10 A4.5 4.5 0 0 1 80.5 5.5 H81.5 M72.5 11.5 H80.5" />
        <path d="M87 6.5 V18 A4 4 0 0 0 91 22 H92.5 M83.5 11.5 H92" />
      </g>
    </svg>
  )
}
