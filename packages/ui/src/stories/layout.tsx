/* Story-only fixture for the layout primitives: a labelled box. */
import { vars } from '../theme/contract.css';

/** A tinted, labelled block; `minHeight` (e.g. '6rem') makes it taller than its line of text. */
export const Box = ({ label, minHeight }: { label: string; minHeight?: string }) => (
  <div
    style={{
      padding: '0.75rem 1rem',
      borderRadius: 8,
      background: vars.color.primarySubtle,
      color: vars.color.primaryText,
      fontWeight: 600,
      minHeight,
    }}
  >
    {label}
  </div>
);
