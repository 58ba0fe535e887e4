import { useId } from 'react'

const SIZE = 28
const CENTERS = [7, 14, 21]
const STRAND = 3.4
const GAP = 1.2
const WARP = '#FFFFFF'
const WEFT = '#C9C4FB'

const half = STRAND / 2
const cut = half + GAP

/**
 * The woven mark: three warp (white) and three weft (lavender) strands, over and under in turn.
 * At each crossing a gap is cut around the strand on top, which is then drawn over it.
 * public/favicon.svg is this same drawing.
 */
export default function LogoMark() {
  // useId's punctuation is not safe inside url(#…) references.
  const id = `mark${useId().replace(/[^\w-]/g, '')}`
  const fill = `url(#${id}-fill)`
  return (
    <g>
      <defs>
        <linearGradient id={`${id}-fill`} x1="0" y1="0" x2={SIZE} y2={SIZE} gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#8B7CF6" />
          <stop offset="1" stopColor="#4F46E5" />
        </linearGradient>
        <clipPath id={`${id}-tile`}>
          <rect width={SIZE} height={SIZE} rx="7.5" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${id}-tile)`}>
        <rect width={SIZE} height={SIZE} fill={fill} />
        {CENTERS.map((c) => (
          <rect key={`weft-${c}`} x="0" y={c - half} width={SIZE} height={STRAND} fill={WEFT} />
        ))}
        {CENTERS.map((c) => (
          <rect key={`warp-${c}`} x={c - half} y="0" width={STRAND} height={SIZE} fill={WARP} />
        ))}
        {CENTERS.flatMap((x, i) =>
          CENTERS.map((y, j) => {
            const warpOnTop = (i + j) % 2 === 0
            return (
              <g key={`${x}-${y}`}>
                <rect x={x - cut} y={y - cut} width={2 * cut} height={2 * cut} fill={fill} />
                {warpOnTop ? (
                  <rect x={x - half} y={y - cut - 0.5} width={STRAND} height={2 * cut + 1} fill={WARP} />
                ) : (
                  <rect x={x - cut - 0.5} y={y - half} width={2 * cut + 1} height={STRAND} fill={WEFT} />
                )}
              </g>
            )
          }),
        )}
      </g>
    </g>
  )
}
