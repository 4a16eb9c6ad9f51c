import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { richText } from './rich';

describe('richText', () => {
  it('draws each tag with its part and keeps the words around it', () => {
    const { container } = render(
      <p>
        {richText('Read <link>the terms</link> and <b>agree</b>.', { link: (w) => <a href="/t">{w}</a>, b: (w) => <b>{w}</b> })}
      </p>,
    );
    expect(container.innerHTML).toBe('<p>Read <a href="/t">the terms</a> and <b>agree</b>.</p>');
  });

  it('leaves a message without tags as it is', () => {
    expect(richText('Plain words', {})).toBe('Plain words');
  });
});
