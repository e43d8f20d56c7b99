import { Icon as KitIcon, type IconProps } from '@fantasy-cricket/ui';

/**
 * The app's line icons, all drawn in the kit's icon frame (decorative: the control names itself).
 * Table actions are 18 px, navigation 20 px.
 */
const Icon = (props: IconProps) => <KitIcon size={18} {...props} />;
const NavIcon = (props: IconProps) => <KitIcon size={20} {...props} />;

// ---- table actions (My Leagues, League Members)
export const ConfigureIcon = () => (
  <Icon>
    <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
    <circle cx="16" cy="6" r="2" />
    <circle cx="10" cy="12" r="2" />
    <circle cx="18" cy="18" r="2" />
  </Icon>
);

export const EditIcon = () => (
  <Icon>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
  </Icon>
);

/** View (read only): an eye. */
export const ViewIcon = () => (
  <Icon>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);

/** A disclosure's chevron (points down; turned up by its control when open). */
export const ChevronIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

export const ActivateIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="m10 8 6 4-6 4Z" />
  </Icon>
);

/** Invite: a share arrow leaving a box. */
export const InviteIcon = () => (
  <Icon>
    <path d="M12 15V3M8 7l4-4 4 4" />
    <path d="M8 11H6a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-2" />
  </Icon>
);

export const DeleteIcon = () => (
  <Icon>
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
  </Icon>
);

export const ApproveIcon = () => (
  <Icon>
    <path d="m5 12 5 5L20 7" />
  </Icon>
);

export const RejectIcon = () => (
  <Icon>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
);

export const CrownIcon = () => (
  <Icon>
    <path d="m3 8 4 4 5-7 5 7 4-4-2 11H5Z" />
  </Icon>
);

// ---- navigation (sidebar, home shortcuts)
export const PlusCircleIcon = () => (
  <NavIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v8M8 12h8" />
  </NavIcon>
);

export const JoinIcon = () => (
  <NavIcon>
    <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4" />
    <path d="M10 17l5-5-5-5M15 12H3" />
  </NavIcon>
);

export const TrophyIcon = () => (
  <NavIcon>
    <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4z" />
    <path d="M17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />
  </NavIcon>
);

export const UsersIcon = () => (
  <NavIcon>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
  </NavIcon>
);

export const ClipboardIcon = () => (
  <NavIcon>
    <rect x="5" y="4" width="14" height="17" rx="2" />
    <path d="M9 4V3h6v1M9 11l2 2 4-4M9 17h6" />
  </NavIcon>
);

export const GridIcon = () => (
  <NavIcon>
    <rect x="3" y="3" width="7" height="7" rx="1" />
    <rect x="14" y="3" width="7" height="7" rx="1" />
    <rect x="3" y="14" width="7" height="7" rx="1" />
    <rect x="14" y="14" width="7" height="7" rx="1" />
  </NavIcon>
);

export const ChartIcon = () => (
  <NavIcon>
    <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
  </NavIcon>
);

export const HelpIcon = () => (
  <NavIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
  </NavIcon>
);

export const UserIcon = () => (
  <NavIcon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </NavIcon>
);

export const SignOutIcon = () => (
  <NavIcon>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="M16 17l5-5-5-5M21 12H9" />
  </NavIcon>
);

// ---- the operator console's navigation
export const ConsoleIcon = () => (
  <NavIcon>
    <rect x="3" y="4" width="18" height="13" rx="2" />
    <path d="M8 21h8M12 17v4M7 9l3 2-3 2M12 13h4" />
  </NavIcon>
);

export const CalendarIcon = () => (
  <NavIcon>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </NavIcon>
);

export const UploadIcon = () => (
  <NavIcon>
    <path d="M12 16V4M7 9l5-5 5 5" />
    <path d="M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </NavIcon>
);

export const HistoryIcon = () => (
  <NavIcon>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5M12 7v5l3 2" />
  </NavIcon>
);

/** A plug: a connected data vendor. */
export const PlugIcon = () => (
  <NavIcon>
    <path d="M9 2v6M15 2v6M6 8h12v3a6 6 0 0 1-12 0Z" />
    <path d="M12 17v5" />
  </NavIcon>
);

export const PulseIcon = () => (
  <NavIcon>
    <path d="M3 12h4l3-8 4 16 3-8h4" />
  </NavIcon>
);

export const ShieldIcon = () => (
  <NavIcon>
    <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6Z" />
  </NavIcon>
);

export const LogIcon = () => (
  <NavIcon>
    <path d="M8 6h12M8 12h12M8 18h12M4 6h0M4 12h0M4 18h0" />
  </NavIcon>
);

export const BackIcon = () => (
  <NavIcon>
    <path d="M15 18l-6-6 6-6" />
  </NavIcon>
);
