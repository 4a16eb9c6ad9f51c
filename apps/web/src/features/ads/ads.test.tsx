import { AD_FRAME_MESSAGE, AD_FRAME_SANDBOX, ADS_CONFIG_TIMEOUT_MS, ROUTES, type AdsConfigResponse } from '@inkwell/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
import { decideAds } from './use-ad-slot';

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
const frame = () => slot()?.querySelector('iframe') ?? null;
const configCalls = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.filter(([url]) => String(url) === CONFIG);
/** What the ad frame's own script posts to the page (the server's /ad-frame), from `source`. */
const report = (status: 'shown' | 'blocked', source: Window | null = frame()!.contentWindow, type = AD_FRAME_MESSAGE) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data: { type, status }, source }));
  });

afterEach(() => {
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

  it('runs the ad in a sandboxed frame of its own, and shows it once the frame reports its container', async () => {
    serve(() => Response.json(answer()));
    renderInApp(<AdBox placement="chapter-end" />);
    const ad = await waitFor(() => {
      const found = frame();
      if (!found) throw new Error('no frame yet');
      return found;
    });
    // Scripts and pop-ups only: never our origin, so never the reader's session, cookies or page.
    expect(ad.getAttribute('sandbox')).toBe(AD_FRAME_SANDBOX);
    expect(ad.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(ad).toHaveAttribute('src', '/ad-frame?slot=chapter-end');
    expect(ad).toHaveAttribute('title', 'Advertisement');
    expect(stateOf()).toBe('loading');
    // Another window's word, or another kind of message, changes nothing.
    await report('shown', window);
    await report('shown', ad.contentWindow, 'something-else');
    expect(stateOf()).toBe('loading');
    await report('shown');
    expect(stateOf()).toBe('shown');
    expect(screen.getByRole('region', { name: 'Advertisement' })).toBeInTheDocument();
  });

  it('is blocked when the frame reports no ad within 2 s, and tells the reader politely, with the way to Premium', async () => {
    serve(() => Response.json(answer()));
    renderInApp(<AdBox placement="series-chapters" />);
    await waitFor(() => expect(frame()).not.toBeNull());
    expect(stateOf()).toBe('loading');
    await waitFor(() => expect(stateOf()).toBe('blocked'), { timeout: 3500 });
    const note = screen.getByTestId('ad-blocked-note');
    expect(note).toHaveTextContent('It looks like an ad blocker is on.');
    expect(note).toHaveTextContent('Please allow ads on this site, or go Premium');
    expect(screen.getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/buy/subscriptions');
    // The box kept its size: the note sits inside it.
    expect(note.parentElement).toHaveClass('h-[250px]');
    // An ad that arrives late still shows.
    await report('shown');
    expect(stateOf()).toBe('shown');
  });

  it('is blocked at once when the frame reports a script that could not load', async () => {
    serve(() => Response.json(answer()));
    renderInApp(<AdBox placement="home" />);
    await waitFor(() => expect(frame()).not.toBeNull());
    await report('blocked');
    expect(stateOf()).toBe('blocked');
  });

  it('shows no ads, and no box, when the config cannot be loaded (load_error), and does not ask again', async () => {
    const fetchMock = serve(() => Response.json({ success: false, message: 'down' }, { status: 503 }));
    renderInApp(<AdBox placement="home" />);
    await waitFor(() => expect(configCalls(fetchMock)).toHaveLength(1));
    await waitFor(() => expect(slot()).toBeNull());
    expect(configCalls(fetchMock)).toHaveLength(1);
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
    expect(frame()).toBeNull();
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
    await waitFor(() => expect(frame()).not.toBeNull());
    await report('shown');
    expect(stateOf()).toBe('shown');
  });

  it('shows none on an ad-free page, without asking', async () => {
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
  const base = { pathname: '/', isChecking: false, user: null, config: { data: answer(), isError: false } };

  it('shows ads only with a config and scripts, on a public page, for someone neither premium nor on the team', () => {
    expect(decideAds(base)).toEqual({ status: 'inject', markup: WORKING_AD });
    expect(decideAds({ ...base, pathname: '/Dashboard' })).toEqual({ status: 'no-ads', reason: 'ad_free_page' });
    // Issue 20 §3: no ads where a reader pays or manages their account.
    for (const pathname of [
      '/buy/checkout/x',
      '/buy/coins',
      '/buy/subscriptions',
      '/profile/notifications',
      '/profile/bookmarks',
    ]) {
      expect(decideAds({ ...base, pathname }), pathname).toEqual({ status: 'no-ads', reason: 'ad_free_page' });
    }
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
