/**
 * The site's logos, drawn inline: the header is on every page, and two tiny image requests
 * would hold two of a phone's six HTTP/1.1 connections while the poster and styles load.
 * The same drawings are kept as files in public/images/ for anything outside a page.
 */
export function LogoFull({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 168 40"
      width="168"
      height="40"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="40" height="40" rx="9" fill="#ffb81c" />
      <circle cx="20" cy="15" r="7" fill="#141217" />
      <rect x="18" y="22" width="4" height="11" rx="2" fill="#141217" />
      <rect x="13.5" y="31" width="13" height="3.5" rx="1.75" fill="#141217" />
      <text
        x="48"
        y="18"
        fontFamily="Arial Black, Arial, sans-serif"
        fontWeight="900"
        fontSize="15"
        fill="#faf7f2"
        letterSpacing="1"
      >
        LAUGH
      </text>
      <text
        x="48"
        y="35"
        fontFamily="Arial Black, Arial, sans-serif"
        fontWeight="900"
        fontSize="15"
        fill="#ffb81c"
        letterSpacing="1"
      >
        WINDSOR
      </text>
    </svg>
  );
}

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      width="40"
      height="40"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill="#141217" />
      <circle cx="32" cy="24" r="11" fill="#ffb81c" />
      <rect x="29" y="35" width="6" height="18" rx="3" fill="#ffb81c" />
      <rect x="22" y="51" width="20" height="5" rx="2.5" fill="#ffb81c" />
    </svg>
  );
}
