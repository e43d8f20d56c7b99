import { Slot } from '@radix-ui/react-slot';
import { type AnchorHTMLAttributes, forwardRef } from 'react';
import { cx } from '../_internal/cx';
import * as styles from './TextLink.css';

export interface TextLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** Style the child element instead (e.g. `<TextLink asChild><Link to="/contact">…</Link></TextLink>`). */
  asChild?: boolean;
}

/** An inline text link. */
export const TextLink = forwardRef<HTMLAnchorElement, TextLinkProps>(function TextLink(
  { asChild = false, className, ...rest },
  ref,
) {
  const Comp = asChild ? Slot : 'a';
  return <Comp ref={ref} className={cx(styles.link, className)} {...rest} />;
});
TextLink.displayName = 'TextLink';
