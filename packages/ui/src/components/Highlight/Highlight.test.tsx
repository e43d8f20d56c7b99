import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { escapeRegExp, Highlight } from './Highlight';

describe('Highlight', () => {
  it('wraps case-insensitive matches in <mark>', () => {
    const { container } = render(<Highlight text="Points and more POINTS" query="points" />);
    const marks = container.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['Points', 'POINTS']);
    expect(container).toHaveTextContent('Points and more POINTS');
  });

  it('treats regex characters in the query literally', () => {
    const { container } = render(<Highlight text="Is it (a) win? Cost: $5.00 [x]" query="(a) win?" />);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['(a) win?']);

    const dollars = render(<Highlight text="Cost: $5.00 or 5x00" query="$5.00" />);
    expect([...dollars.container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['$5.00']);

    const dot = render(<Highlight text="a.b axb" query="." />);
    expect(dot.container.querySelectorAll('mark')).toHaveLength(1);
  });

  it('renders plain text for an empty query', () => {
    const { container } = render(<Highlight text="Nothing to see" query="  " />);
    expect(container.querySelector('mark')).toBeNull();
    expect(container).toHaveTextContent('Nothing to see');
  });

  it('escapeRegExp escapes every metacharacter', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: literal regex metacharacters, not a template
    const special = '.*+?^${}()|[]\\/-';
    expect(new RegExp(escapeRegExp(special)).test(special)).toBe(true);
  });
});
