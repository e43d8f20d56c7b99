import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { vars } from '../../theme/contract.css';
import { Stack } from '../Stack/Stack';
import * as stackStyles from '../Stack/Stack.css';
import { Column, Columns } from './Columns';
import * as styles from './Columns.css';

/** `var(--x)` → `--x`. */
const nameOf = (cssVar: string) => cssVar.slice(4, -1);

describe('Columns', () => {
  it('renders its element with the classes of its props, forwards the ref and spreads the rest', () => {
    const ref = createRef<HTMLElement>();
    render(
      <Columns ref={ref} as="ul" gap="lg" collapseBelow="md" alignY="bottom" aria-label="Squad" className="extra">
        <Column as="li" width="2/3">
          Openers
        </Column>
        <Column as="li">Tail</Column>
      </Columns>,
    );
    const list = screen.getByRole('list', { name: 'Squad' });
    expect(ref.current).toBe(list);
    for (const className of [styles.columns, styles.gap.lg, styles.collapseBelow.md, styles.alignY.bottom, 'extra'])
      expect(list).toHaveClass(className);
    expect(list).not.toHaveAttribute('style');
    const [openers, tail] = screen.getAllByRole('listitem');
    expect(openers).toHaveClass(styles.column, styles.width['2/3']);
    expect(tail).toHaveClass(styles.column, styles.width.fill);
  });

  it('sets a per-breakpoint gap as the override class and its variable, and keeps the caller’s style', () => {
    render(
      <Columns gap={{ base: 'sm', md: 'xl' }} data-testid="row" style={{ marginTop: '3px' }}>
        <Column>One</Column>
      </Columns>,
    );
    const row = screen.getByTestId('row');
    expect(row).toHaveClass(styles.gap.sm, styles.gapAt.md.className);
    expect(row).not.toHaveClass(styles.gapAt.sm.className);
    expect(row).not.toHaveClass(styles.gapAt.lg.className);
    expect(row.style.getPropertyValue(nameOf(styles.gapAt.md.cssVar))).toBe(vars.space.xl);
    expect(row.style.marginTop).toBe('3px');
  });

  it('stacks only below the breakpoint it is given', () => {
    render(
      <>
        <Columns gap="md" data-testid="always">
          <Column>A</Column>
        </Columns>
        <Columns gap="md" collapseBelow="sm" data-testid="phones">
          <Column>B</Column>
        </Columns>
      </>,
    );
    expect(screen.getByTestId('always')).toHaveClass(styles.collapseBelow.none);
    expect(screen.getByTestId('phones')).toHaveClass(styles.collapseBelow.sm);
  });
});

describe('Stack with responsive props', () => {
  it('keeps a plain value free of inline styles', () => {
    render(
      <Stack gap="md" data-testid="stack">
        <span>A</span>
      </Stack>,
    );
    expect(screen.getByTestId('stack')).not.toHaveAttribute('style');
  });

  it('maps each breakpoint value to its CSS value', () => {
    render(
      <Stack
        gap="md"
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'stretch', lg: 'end' }}
        justify={{ base: 'start', sm: 'between' }}
        data-testid="stack"
      >
        <span>A</span>
      </Stack>,
    );
    const stack = screen.getByTestId('stack');
    expect(stack).toHaveClass(
      stackStyles.directionAt.sm.className,
      stackStyles.alignAt.lg.className,
      stackStyles.justifyAt.sm.className,
    );
    expect(stack.style.getPropertyValue(nameOf(stackStyles.directionAt.sm.cssVar))).toBe('row');
    expect(stack.style.getPropertyValue(nameOf(stackStyles.alignAt.lg.cssVar))).toBe('flex-end');
    expect(stack.style.getPropertyValue(nameOf(stackStyles.justifyAt.sm.cssVar))).toBe('space-between');
    expect(stack).not.toHaveClass(stackStyles.directionAt.md.className);
  });
});
