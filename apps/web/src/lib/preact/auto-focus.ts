import { options, type Ref } from 'preact';

/**
 * `autoFocus` as React does it, for the browser's build, which runs Preact (decision 0048): React
 * focuses the element as it mounts; Preact only writes the `autofocus` attribute, which a browser
 * honours as a page loads, not for a field drawn later (the phone's search panel). So an element
 * given `autoFocus` gets a ref that focuses it when it is attached. No effect where React renders.
 */
const focusOnMount = (element: HTMLElement | null) => element?.focus();
/** One wrapper per ref the element already had: a new one each render would focus on every render. */
const wrappers = new WeakMap<object, (element: HTMLElement | null) => void>();

function focusingRef(ref: Ref<HTMLElement> | null | undefined) {
  if (!ref) return focusOnMount;
  let wrapper = wrappers.get(ref);
  if (!wrapper) {
    wrapper = (element) => {
      if (typeof ref === 'function') ref(element);
      else ref.current = element;
      element?.focus();
    };
    wrappers.set(ref, wrapper);
  }
  return wrapper;
}

const previous = options.vnode;
options.vnode = (vnode) => {
  if (typeof vnode.type === 'string' && (vnode.props as { autoFocus?: unknown }).autoFocus) {
    vnode.ref = focusingRef(vnode.ref as Ref<HTMLElement> | null | undefined);
  }
  previous?.(vnode);
};
