/**
 * The landing hero's picture: a cricket ground seen from above the bowler's end, with the pitch,
 * stumps, a bat and a ball in flight. Decorative, so hidden from assistive tech.
 */
export function CricketIllustration({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 360 280" role="presentation" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="fc-ground" cx="50%" cy="45%" r="60%">
          <stop offset="0%" stopColor="#3fa34d" />
          <stop offset="100%" stopColor="#1d6b34" />
        </radialGradient>
        <linearGradient id="fc-pitch" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#e9d6a3" />
          <stop offset="100%" stopColor="#d3b775" />
        </linearGradient>
        <linearGradient id="fc-bat" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0%" stopColor="#f3dfb0" />
          <stop offset="100%" stopColor="#d9b676" />
        </linearGradient>
        <radialGradient id="fc-ball" cx="35%" cy="30%" r="70%">
          <stop offset="0%" stopColor="#ef5350" />
          <stop offset="100%" stopColor="#9f1d1d" />
        </radialGradient>
        <clipPath id="fc-oval">
          <ellipse cx="180" cy="150" rx="170" ry="118" />
        </clipPath>
      </defs>

      {/* Boundary rope and the ground with mowing stripes */}
      <ellipse cx="180" cy="150" rx="176" ry="124" fill="#f5f1e6" opacity="0.9" />
      <ellipse cx="180" cy="150" rx="170" ry="118" fill="url(#fc-ground)" />
      <g clipPath="url(#fc-oval)" opacity="0.16" fill="#ffffff">
        <rect x="10" y="30" width="340" height="22" />
        <rect x="10" y="74" width="340" height="22" />
        <rect x="10" y="118" width="340" height="22" />
        <rect x="10" y="162" width="340" height="22" />
        <rect x="10" y="206" width="340" height="22" />
        <rect x="10" y="250" width="340" height="22" />
      </g>
      {/* Inner circle */}
      <ellipse
        cx="180"
        cy="150"
        rx="96"
        ry="66"
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.55"
        strokeWidth="2"
        strokeDasharray="6 7"
      />

      {/* Pitch with creases */}
      <rect x="160" y="78" width="40" height="144" rx="3" fill="url(#fc-pitch)" />
      <path d="M154 98h52M154 202h52M166 92v12M194 92v12M166 196v12M194 196v12" stroke="#ffffff" strokeWidth="2" />

      {/* Stumps and bails at both ends */}
      <g fill="#fff7e0" stroke="#8a6a2f" strokeWidth="1">
        <rect x="172" y="84" width="3.5" height="16" rx="1" />
        <rect x="178.2" y="84" width="3.5" height="16" rx="1" />
        <rect x="184.5" y="84" width="3.5" height="16" rx="1" />
        <rect x="172" y="198" width="3.5" height="18" rx="1" />
        <rect x="178.2" y="198" width="3.5" height="18" rx="1" />
        <rect x="184.5" y="198" width="3.5" height="18" rx="1" />
      </g>
      <path d="M171 83.5h17M171 197.5h17" stroke="#f2b705" strokeWidth="2.5" strokeLinecap="round" />

      {/* Bat, leaning against the near stumps */}
      <g transform="rotate(-28 236 206)">
        <rect x="230" y="150" width="10" height="34" rx="4" fill="#2d2a26" />
        <rect x="231.5" y="154" width="7" height="3" fill="#f2b705" />
        <rect x="231.5" y="162" width="7" height="3" fill="#f2b705" />
        <path d="M224 184h22l-1 58c0 5-4 8-10 8s-10-3-10-8z" fill="url(#fc-bat)" stroke="#b48c45" strokeWidth="1.5" />
        <path d="M235 190v52" stroke="#b48c45" strokeWidth="1.5" strokeOpacity="0.7" />
      </g>

      {/* Ball in flight with a motion trail */}
      <path
        d="M70 70c30 10 52 28 66 50"
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.7"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="2 9"
      />
      <circle cx="140" cy="126" r="13" fill="url(#fc-ball)" />
      <path
        d="M131 117c5 5 8 12 8 19M141 114c5 5 8 12 8 19"
        fill="none"
        stroke="#fff3d0"
        strokeWidth="1.4"
        strokeDasharray="1.6 2.2"
      />

      {/* Fielders */}
      <g fill="#ffffff">
        <circle cx="82" cy="178" r="5" />
        <circle cx="280" cy="112" r="5" />
        <circle cx="292" cy="196" r="5" />
        <circle cx="110" cy="234" r="5" />
        <circle cx="248" cy="58" r="5" />
      </g>
    </svg>
  );
}
