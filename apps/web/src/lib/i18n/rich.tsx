import { Fragment, type ReactNode } from 'react';

/**
 * A message with parts drawn as elements: `t(id)` is "Read <link>the terms</link> first",
 * and `richText(text, { link: (words) => <Link to="/terms">{words}</Link> })` draws the link. The
 * sentence stays whole in the catalogue, so each language orders it its own way. Tags do not nest.
 */
export function richText(text: string, tags: Record<string, (words: string) => ReactNode>): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/<(\w+)>(.*?)<\/\1>/gs)) {
    const draw = tags[match[1]!];
    if (!draw) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(<Fragment key={match.index}>{draw(match[2]!)}</Fragment>);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts.length === 1 ? parts[0] : parts;
}
