import { options } from 'preact';

/**
 * Props only React reads, for the browser's build, which runs Preact (decision 0048): React keeps
 * `suppressHydrationWarning` (a date the server and the reader's clock may draw apart) to itself;
 * Preact writes a prop it does not know as an attribute, so each such element took a
 * `suppresshydrationwarning="true"` as the app started: about a hundred on home, each a change to
 * the page's markup while it hydrates. No effect where React renders.
 */
const REACT_ONLY = ['suppressHydrationWarning', 'suppressContentEditableWarning'] as const;

const previous = options.vnode;
options.vnode = (vnode) => {
  if (typeof vnode.type === 'string') {
    const props = vnode.props as Record<string, unknown>;
    for (const name of REACT_ONLY) if (name in props) delete props[name];
  }
  previous?.(vnode);
};
