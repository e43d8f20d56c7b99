import { Icon as KitIcon, type IconProps } from '@fantasy-cricket/ui';

/** Line icons for the league tables: the kit's icon frame at 18 px (decorative; the control names itself). */
const Icon = (props: IconProps) => <KitIcon size={18} {...props} />;

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

export const ActivateIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="m10 8 6 4-6 4Z" />
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
