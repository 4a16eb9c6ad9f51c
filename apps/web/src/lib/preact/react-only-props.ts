import { options } from 'preact';

/**
 * Props only React reads, for the browser's build, which runs Preact (decision 0048): React keeps
 * `suppressHydrationWarning` (a date the server and the reader's clock may draw apart) to itself;
 * Preact writes a prop it does not know as an attribute, so each such element took a
 * `suppresshydrationwarning="true"` as the app started: about a hundred on home, each a change to
 * the page's markup while it hydrates. No effect where React renders.
 */
const REACT_ONLY = ['suppressHydrationWarning', 'suppressContentEditableWarning'] as const;

/** An element's `className` as compat keeps it beside `class`: read, never diffed. */
const READ_ONLY_CLASS_NAME = {
  configurable: true,
  enumerable: false,
  get(this: { class?: unknown }) {
    return this.class;
  },
};

/**
 * Drawing over the server's markup (lib/preact/client.ts), Preact compares each prop with the
 * attribute already there, as a string, and writes it when they differ: so it wrote every
 * element's `className` (compat keeps it beside `class`, which the markup already has), every
 * number (an icon's `width={24}` against "24") and every `aria-hidden={true}` against "true", over
 * a thousand writes of the value already there on home as the app started. Props are handed to it
 * as the markup says them: `className` left to `class`, numbers and an aria or data attribute's
 * true or false as strings (what Preact writes for them anyway).
 */
function asTheMarkupSaysIt(props: Record<string, unknown>): void {
  if (Object.prototype.propertyIsEnumerable.call(props, 'className') && 'class' in props) {
    Object.defineProperty(props, 'className', READ_ONLY_CLASS_NAME);
  }
  for (const name in props) {
    const value = props[name];
    if (typeof value === 'number' && name !== 'value') props[name] = String(value);
    else if (typeof value === 'boolean' && (name.startsWith('aria-') || name.startsWith('data-'))) props[name] = String(value);
  }
}

const previous = options.vnode;
options.vnode = (vnode) => {
  // After compat's own hook, which makes each element's props anew.
  previous?.(vnode);
  if (typeof vnode.type === 'string') {
    const props = vnode.props as Record<string, unknown>;
    for (const name of REACT_ONLY) if (name in props) delete props[name];
    asTheMarkupSaysIt(props);
  }
};
