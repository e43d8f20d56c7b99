import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../_internal/cx';
import * as styles from './Footer.css';

export interface FooterProps extends HTMLAttributes<HTMLElement> {
  /** Copyright line and links. */
  children?: ReactNode;
}

/** The site footer (`contentinfo`): copyright and links, wrapping on small screens. */
export const Footer = forwardRef<HTMLElement, FooterProps>(function Footer({ children, className, ...rest }, ref) {
  return (
    <footer ref={ref} className={cx(styles.footer, className)} {...rest}>
      {children}
    </footer>
  );
});
Footer.displayName = 'Footer';
