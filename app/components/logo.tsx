/**
 * The site's logos, drawn in the page: the header is on every page, and two tiny image requests
 * held two of a phone's six HTTP/1.1 connections while the poster and the styles loaded.
 * public/favicon.svg is the mark on its own, for the browser's tab.
 */
const DRAWING = { "aria-hidden": true, focusable: false } as const;

/** The microphone on its tile, in a 64-unit square. */
function Mic({ tile, ink }: { tile: string; ink: string }) {
  return (
    <>
      <rect width="64" height="64" rx="14" fill={tile} />
      <circle cx="32" cy="24" r="11" fill={ink} />
      <rect x="29" y="35" width="6" height="18" rx="3" fill={ink} />
      <rect x="22" y="51" width="20" height="5" rx="2.5" fill={ink} />
    </>
  );
}

function Word({ y, fill, children }: { y: number; fill: string; children: string }) {
  return (
    <text
      x="48"
      y={y}
      fontFamily="Arial Black, Arial, sans-serif"
      fontWeight="900"
      fontSize="15"
      fill={fill}
      letterSpacing="1"
    >
      {children}
    </text>
  );
}

/** The mark and the name, for wide screens. */
export function LogoFull({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 168 40" width="168" height="40" className={className} {...DRAWING}>
      <g transform="scale(0.625)">
        <Mic tile="#ffb81c" ink="#141217" />
      </g>
      <Word y={18} fill="#faf7f2">
        LAUGH
      </Word>
      <Word y={35} fill="#ffb81c">
        WINDSOR
      </Word>
    </svg>
  );
}

/** The mark alone, for phones (the name is written beside it in text). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" width="40" height="40" className={className} {...DRAWING}>
      <Mic tile="#141217" ink="#ffb81c" />
    </svg>
  );
}
