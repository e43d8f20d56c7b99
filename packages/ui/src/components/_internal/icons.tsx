import { Icon as Svg, type IconProps } from '../Icon/Icon';

export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Svg>
);
export const MenuIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);
export const ChevronDownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="m6 9 6 6 6-6" />
  </Svg>
);
export const ChevronUpIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="m18 15-6-6-6 6" />
  </Svg>
);
export const CheckIcon = (p: IconProps) => (
  <Svg {...p} strokeWidth={3}>
    <path d="M20 6 9 17l-5-5" />
  </Svg>
);
export const DownloadIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3v12m0 0-5-5m5 5 5-5M4 19h16" />
  </Svg>
);
export const SuccessIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12 3 3 5-6" />
  </Svg>
);
export const ErrorIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v6m0 3.5v.01" />
  </Svg>
);
export const InfoIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6m0-9.5v.01" />
  </Svg>
);
export const SortIcon = ({ sort, ...p }: IconProps & { sort: 'asc' | 'desc' | false }) => (
  <Svg {...p} size={p.size ?? 16}>
    <path d="m8 9 4-4 4 4" opacity={sort === 'asc' ? 1 : sort ? 0.2 : 0.5} />
    <path d="m16 15-4 4-4-4" opacity={sort === 'desc' ? 1 : sort ? 0.2 : 0.5} />
  </Svg>
);
