import { render, type ComponentChild } from 'preact';
// Preact's React layer (its hooks into every element: className, events, StrictMode, …), for the tree drawn below.
import { createRoot } from 'preact/compat/client';

/**
 * `react-dom/client` for the browser's build, which runs Preact (decision 0048). `hydrateRoot`
 * draws over the server's markup instead of hydrating it: Preact's own `render` reuses the nodes
 * it finds there and diffs their attributes, where its `hydrate` keeps the server's attributes as
 * they are (a button the server drew disabled stayed disabled once the browser's data said
 * otherwise: a pass that came back between the two renders, a page shared by a class of readers).
 * The compat layer's `render` would empty the container first, so it is not the one called here.
 */
export { createRoot };

export function hydrateRoot(container: Element, children: ComponentChild) {
  render(children, container);
  return {
    render: (next: ComponentChild) => render(next, container),
    unmount: () => render(null, container),
  };
}
