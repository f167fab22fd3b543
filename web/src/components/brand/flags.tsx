/** Small flags for the language switcher. Decorative: the button names the language. */

export function FlagGb() {
  return (
    <svg viewBox="0 0 60 30" width="24" height="12" aria-hidden="true" focusable="false">
      <clipPath id="flag-gb-clip">
        <path d="M0 0v30h60V0z" />
      </clipPath>
      <clipPath id="flag-gb-diag">
        <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
      </clipPath>
      <g clipPath="url(#flag-gb-clip)">
        <path d="M0 0v30h60V0z" fill="#012169" />
        <path d="M0 0l60 30m0-30L0 30" stroke="#fff" strokeWidth="6" />
        <path d="M0 0l60 30m0-30L0 30" clipPath="url(#flag-gb-diag)" stroke="#C8102E" strokeWidth="4" />
        <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
        <path d="M30 0v30M0 15h60" stroke="#C8102E" strokeWidth="6" />
      </g>
    </svg>
  );
}

export function FlagBg() {
  return (
    <svg viewBox="0 0 60 30" width="24" height="12" aria-hidden="true" focusable="false">
      <path d="M0 0h60v10H0z" fill="#fff" />
      <path d="M0 10h60v10H0z" fill="#00966E" />
      <path d="M0 20h60v10H0z" fill="#D62612" />
    </svg>
  );
}
