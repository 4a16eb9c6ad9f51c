import { startTransition, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { Link, UNSAFE_DataRouterContext as DataRouterContext, UNSAFE_NavigationContext as NavigationContext } from 'react-router';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of the app from its root ("/SeriesView/…"), as the reader's address bar shows it. */
  to: string;
  /** Handed to the page opened, as Link's `state`. */
  state?: unknown;
  replace?: boolean;
};

/**
 * A link to a page of the app, for what draws many or on every page (cards, chapter rows, the top bar): what
 * React Router's `Link` does for a path from the root, with two context reads where `Link` runs a
 * dozen hooks and resolves its path through JSON each time it draws (issue 40: 70 links took
 * ~50 ms of home's first drawing on a phone-speed machine, ~0.75 ms each). A plain, unmodified
 * left click opens the page in the app (the page already open is replaced, not pushed again,
 * as `Link` does); any other click, or a page where no data router runs, is the browser's own.
 * Relative paths, prefetching and view transitions are `Link`'s: use it for those.
 */
export function AppLink({ to, state, replace, onClick, target, ...rest }: Props) {
  const dataRouter = useContext(DataRouterContext);
  const { useTransitions } = useContext(NavigationContext) as { useTransitions?: boolean };
  if (!to.startsWith('/') || to.startsWith('//'))
    return <Link to={to} state={state} replace={replace} onClick={onClick} target={target} {...rest} />;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const router = dataRouter?.router;
    if (
      !router ||
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    const here = router.state.location;
    const go = () => void router.navigate(to, { state, replace: replace ?? `${here.pathname}${here.search}${here.hash}` === to });
    if (useTransitions) startTransition(go);
    else go();
  };
  return <a {...rest} href={to} target={target} onClick={follow} />;
}
