import { ADS_CONFIG_TIMEOUT_MS, ROUTES, type AdsConfigResponse } from '@inkwell/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterSessionCheck,
  mockApi,
  readerUser,
  renderInApp,
  SessionChecked,
  verifyAs,
  type TestUser,
} from '../../../test/render';
import { AdBox } from './ad-box';
import {
  documentNonce,
  forgetAdScriptsForTests,
  haveAdScriptsRun,
  isNoisyError,
  leaveAdDocument,
  markAdScriptsRan,
  silenceNoisyErrors,
} from './ad-document';
import { decideAds } from './use-ad-slot';

const NONCE = 'dGVzdC1ub25jZS0xMjM0NQ==';
const CONFIG = ROUTES.adsConfig.path;
/** An ad whose inline script draws its container, as a network's tag does once it ran. */
const WORKING_AD =
  '<script>document.currentScript.parentElement.insertAdjacentHTML("beforeend", "<div data-ad-container>Buy a lantern</div>")</script>';

const answer = (over: Partial<AdsConfigResponse> = {}): AdsConfigResponse => ({
  success: true,
  show_ads: true,
  config: { ad_scripts: WORKING_AD },
  user_status: { isTeamMember: false, isPremium: false, isAuthenticated: false, role: 'Visitor' },
  reason: 'ads_enabled',
  ...over,
});

function serve(config: () => Response | Promise<Response>, user: TestUser | null = null) {
  return mockApi({ '/api/proxy/public/verify': verifyAs(user), [CONFIG]: config });
}
const slot = () => document.querySelector<HTMLElement>('[data-ad-slot]');
const stateOf = () => slot()?.getAttribute('data-ad-state') ?? 'none';
const configCalls = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.filter(([url]) => String(url) === CONFIG);

beforeEach(() => {
  // The server writes this into a public reading page's HTML.
  const meta = document.createElement('meta');
  meta.setAttribute('property', 'csp-nonce');
  meta.setAttribute('nonce', NONCE);
  document.head.append(meta);
  forgetAdScriptsForTests();
});
afterEach(() => {
  document.head.querySelector('meta[property="csp-nonce"]')?.remove();
  vi.useRealTimers();
});

describe('an ad slot', () => {
  it('is loading, in its reserved box, while the config is asked for', async () => {
    const fetchMock = serve(() => new Promise<Response>(() => {}));
    renderInApp(<AdBox placement="home" />);
    await waitFor(() => expect(configCalls(fetchMock)).toHaveLength(1));
    expect(stateOf()).toBe('loading');
    expect(slot()!.querySelector('[data-ad-host]')!.parentElement).toHaveClass('h-[250px]');
    // SPEC §7: no HTTP cache, with credentials.
    const [, init] = configCalls(fetchMock)[0]!;
    expect(init).toMatchObject({ cache: 'no-cache', credentials: 'include', method: 'GET' });
  });

  it('shows the ad once its scripts ran and its container appeared, the scripts carrying the nonce', async () => {
    serve(() => Response.json(answer()));
    renderInApp(<AdBox placement="chapter-end" />);
    await waitFor(() => expect(stateOf()).toBe('shown'));
    // Drawn by the script, once: markup set as HTML would never have run it.
    expect(screen.getAllByText('Buy a lantern')).toHaveLength(1);
    const script = slot()!.querySelector('script')!;
    expect(script.getAttribute('nonce')).toBe(NONCE);
    expect(haveAdScriptsRun()).toBe(true);
    expect(screen.getByRole('region', { name: 'Advertisement' })).toBeInTheDocument();
  });

  it('is blocked when no ad container appears within 2 s, and tells the reader politely, with the way to Premium', async () => {
    serve(() => Response.json(answer({ config: { ad_scripts: '<script src="https://ads.example/tag.js"></script>' } })));
    renderInApp(<AdBox placement="series-chapters" />);
    await waitFor(() => expect(slot()?.querySelector('script[src="https://ads.example/tag.js"]')).not.toBeNull());
    expect(stateOf()).toBe('loading');
    await waitFor(() => expect(stateOf()).toBe('blocked'), { timeout: 3500 });
    const note = screen.getByTestId('ad-blocked-note');
    expect(note).toHaveTextContent('It looks like an ad blocker is on.');
    expect(note).toHaveTextContent('Please allow ads on this site, or go Premium');
    expect(screen.getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/buy/subscriptions');
    // The box kept its size: the note sits inside it.
    expect(note.parentElement).toHaveClass('h-[250px]');
  });

  it('is blocked at once when an ad script fails to load', async () => {
    serve(() => Response.json(answer({ config: { ad_scripts: '<script async src="https://ads.example/tag.js"></script>' } })));
    renderInApp(<AdBox placement="home" />);
    const script = await waitFor(() => {
      const found = slot()?.querySelector('script');
      if (!found) throw new Error('not injected yet');
      return found;
    });
    expect(script.hasAttribute('async')).toBe(true);
    expect(script.getAttribute('nonce')).toBe(NONCE);
    fireEvent.error(script);
    await waitFor(() => expect(stateOf()).toBe('blocked'), { timeout: 500 });
  });

  it('counts an ad container an ad blocker hid as blocked', async () => {
    const hidden = '<div data-ad-container style="display: none">hidden by a filter</div>';
    serve(() => Response.json(answer({ config: { ad_scripts: hidden } })));
    renderInApp(<AdBox placement="home" />);
    await waitFor(() => expect(stateOf()).toBe('blocked'), { timeout: 3500 });
  });

  it('shows no ads, and no box, when the config cannot be loaded (load_error), and does not ask again', async () => {
    const fetchMock = serve(() => Response.json({ success: false, message: 'down' }, { status: 503 }));
    renderInApp(<AdBox placement="home" />);
    await waitFor(() => expect(configCalls(fetchMock)).toHaveLength(1));
    await waitFor(() => expect(slot()).toBeNull());
    expect(configCalls(fetchMock)).toHaveLength(1);
    expect(haveAdScriptsRun()).toBe(false);
  });

  it('shows no ads when the config call fails on the network', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    renderInApp(<AdBox placement="home" />);
    await waitFor(() => expect(stateOf()).toBe('loading'));
    await waitFor(() => expect(slot()).toBeNull());
  });

  it('gives up on the config after 10 s (SPEC §9) and shows no ads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let aborted = false;
    serve(() => new Promise<Response>(() => {}));
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      if (String(input) === CONFIG) {
        init?.signal?.addEventListener('abort', () => (aborted = true));
        return new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      return realFetch(input, init);
    });
    renderInApp(<AdBox placement="home" />);
    await waitFor(() => expect(stateOf()).toBe('loading'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ADS_CONFIG_TIMEOUT_MS - 100);
    });
    expect(aborted).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(aborted).toBe(true);
    await waitFor(() => expect(slot()).toBeNull());
  });

  it('shows no ads when the server says so (ads off)', async () => {
    serve(() => Response.json(answer({ show_ads: false, config: null, reason: 'ads_disabled' })));
    renderInApp(<AdBox placement="home" />);
    await waitFor(() => expect(stateOf()).toBe('loading'));
    await waitFor(() => expect(slot()).toBeNull());
    expect(haveAdScriptsRun()).toBe(false);
  });

  it('shows a premium reader or a team member nothing, without asking', async () => {
    for (const user of [
      { ...readerUser, isPremium: true },
      { ...readerUser, role: 'editor' as const },
      { ...readerUser, role: 'admin' as const },
    ]) {
      const fetchMock = serve(() => Response.json(answer()), user);
      const view = renderInApp(
        <>
          <AdBox placement="home" />
          <SessionChecked />
        </>,
      );
      // A reader without a plan is asked for as soon as the session is known (the test after next).
      await afterSessionCheck();
      expect(slot()).toBeNull();
      expect(configCalls(fetchMock)).toHaveLength(0);
      view.unmount();
    }
  });

  it('asks for a reader without a plan, and shows them the ad', async () => {
    serve(
      () =>
        Response.json(answer({ user_status: { isTeamMember: false, isPremium: false, isAuthenticated: true, role: 'reader' } })),
      readerUser,
    );
    renderInApp(<AdBox placement="home" />);
    await waitFor(() => expect(stateOf()).toBe('shown'));
  });

  it('never injects in a document served with the strict CSP, nor on an ad-free page', async () => {
    document.head.querySelector('meta[property="csp-nonce"]')?.remove();
    expect(documentNonce(document, false)).toBeNull();
    expect(documentNonce(document, true)).toBe('');
    const fetchMock = serve(() => Response.json(answer()));
    renderInApp(
      <>
        <AdBox placement="home" />
        <SessionChecked />
      </>,
      '/profile/me',
    );
    await afterSessionCheck();
    expect(slot()).toBeNull();
    expect(configCalls(fetchMock)).toHaveLength(0);
  });
});

describe('deciding whether ads show (SPEC §4)', () => {
  const base = { pathname: '/', nonce: NONCE, isChecking: false, user: null, config: { data: answer(), isError: false } };

  it('injects only with a config, scripts, a nonce, on a public page, for someone neither premium nor on the team', () => {
    expect(decideAds(base)).toEqual({ status: 'inject', markup: WORKING_AD });
    expect(decideAds({ ...base, pathname: '/Dashboard' })).toEqual({ status: 'no-ads', reason: 'ad_free_page' });
    expect(decideAds({ ...base, pathname: '/buy/checkout/x' })).toEqual({ status: 'no-ads', reason: 'ad_free_page' });
    expect(decideAds({ ...base, nonce: null })).toEqual({ status: 'no-ads', reason: 'strict_document' });
    expect(decideAds({ ...base, isChecking: true })).toEqual({ status: 'loading' });
    expect(decideAds({ ...base, config: { data: undefined, isError: false } })).toEqual({ status: 'loading' });
    expect(decideAds({ ...base, config: { data: undefined, isError: true } })).toEqual({
      status: 'no-ads',
      reason: 'load_error',
    });
    expect(decideAds({ ...base, user: { role: 'reader', isPremium: true } })).toEqual({ status: 'no-ads', reason: 'premium' });
    expect(decideAds({ ...base, user: { role: 'editor', isPremium: false } })).toEqual({
      status: 'no-ads',
      reason: 'team_member',
    });
    const teamAnswer = answer({ user_status: { isTeamMember: true, isPremium: false, isAuthenticated: true, role: 'admin' } });
    expect(decideAds({ ...base, config: { data: teamAnswer, isError: false } })).toEqual({
      status: 'no-ads',
      reason: 'team_member',
    });
    const premiumAnswer = answer({
      user_status: { isTeamMember: false, isPremium: true, isAuthenticated: true, role: 'reader' },
    });
    expect(decideAds({ ...base, config: { data: premiumAnswer, isError: false } })).toEqual({
      status: 'no-ads',
      reason: 'premium',
    });
    const noScripts = answer({ show_ads: false, config: null, reason: 'no_scripts' });
    expect(decideAds({ ...base, config: { data: noScripts, isError: false } })).toEqual({
      status: 'no-ads',
      reason: 'no_scripts',
    });
    const blank = answer({ config: { ad_scripts: '   ' } });
    expect(decideAds({ ...base, config: { data: blank, isError: false } })).toEqual({ status: 'no-ads', reason: 'no_scripts' });
    const failed = { ...answer(), success: false };
    expect(decideAds({ ...base, config: { data: failed, isError: false } }).status).toBe('inject');
  });
});

describe('noisy browser errors', () => {
  it('knows ResizeObserver loop messages and opaque cross-origin "Script error."', () => {
    expect(isNoisyError({ message: 'ResizeObserver loop completed with undelivered notifications.', filename: '' })).toBe(true);
    expect(isNoisyError({ message: 'ResizeObserver loop limit exceeded', filename: 'https://inkwell.example/x.js' })).toBe(true);
    expect(isNoisyError({ message: 'Script error.', filename: '' })).toBe(true);
    expect(isNoisyError({ message: 'Script error.', filename: 'https://inkwell.example/assets/index.js' })).toBe(false);
    expect(isNoisyError({ message: "TypeError: Cannot read properties of undefined (reading 'x')", filename: '' })).toBe(false);
  });

  it('keeps them from everything else that listens, and lets real errors through', () => {
    silenceNoisyErrors();
    silenceNoisyErrors();
    const heard: string[] = [];
    const listener = (event: ErrorEvent) => heard.push(event.message);
    window.addEventListener('error', listener);
    const noisy = new ErrorEvent('error', {
      message: 'ResizeObserver loop completed with undelivered notifications.',
      cancelable: true,
    });
    window.dispatchEvent(noisy);
    const opaque = new ErrorEvent('error', { message: 'Script error.', cancelable: true });
    window.dispatchEvent(opaque);
    const real = new ErrorEvent('error', {
      message: 'TypeError: x is not a function',
      filename: 'https://inkwell.example/a.js',
      cancelable: true,
    });
    window.dispatchEvent(real);
    window.removeEventListener('error', listener);
    expect(noisy.defaultPrevented).toBe(true);
    expect(opaque.defaultPrevented).toBe(true);
    expect(real.defaultPrevented).toBe(false);
    expect(heard).toEqual(['TypeError: x is not a function']);
  });
});

describe('leaving a document where ad scripts ran', () => {
  const load = (path: string) =>
    leaveAdDocument({ request: new Request(`http://localhost:3000${path}`), params: {}, context: undefined } as never);

  it('goes to an ad-free page with a full page load once ad scripts ran, and never before', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    expect(load('/Dashboard')).toBeNull();
    markAdScriptsRan();
    for (const path of [
      '/Dashboard/Users',
      '/profile/me',
      '/protect/segure/password/reset-password',
      '/buy/checkout/p1?x=1',
      '/login',
      '/dashboard',
    ]) {
      const result = load(path);
      expect(result, path).toBeInstanceOf(Promise);
      expect(assign).toHaveBeenLastCalledWith(path);
    }
    assign.mockClear();
    for (const path of ['/', '/SeriesView/lantern/chapter-1', '/comics', '/buy/subscriptions', '/announcements/news']) {
      expect(load(path), path).toBeNull();
    }
    expect(assign).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
