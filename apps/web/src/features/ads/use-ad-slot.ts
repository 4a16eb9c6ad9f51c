import {
  AD_DETECT_WAIT_MS,
  isAdFreePage,
  isTeamRole,
  type AdsConfigReason,
  type AdsConfigResponse,
  type SessionUser,
} from '@inkwell/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { whenIdle } from '../../lib/lazy-part';
import { documentNonce, markAdScriptsRan, silenceNoisyErrors } from './ad-document';
import { injectAdMarkup, watchForAd } from './ad-markup';
import { adsConfigQueryOptions } from './api/get-ads-config';

/**
 * Why a slot shows no ad: the server's reason, or the client's own: the config could not be
 * loaded (SPEC §8), the page is ad-free, or this document came with the strict CSP (an ad-free
 * page's), where ad scripts may not run until the next full page load.
 */
export type NoAdsReason = AdsConfigReason | 'load_error' | 'ad_free_page' | 'strict_document';

/** SPEC §4: an ad slot's states. */
export type AdState =
  { status: 'loading' } | { status: 'no-ads'; reason: NoAdsReason } | { status: 'shown' } | { status: 'blocked' };

type Decision = { status: 'loading' } | { status: 'no-ads'; reason: NoAdsReason } | { status: 'inject'; markup: string };

export interface AdInputs {
  pathname: string;
  nonce: string | null;
  isChecking: boolean;
  user: Pick<SessionUser, 'role' | 'isPremium'> | null;
  config: { data: AdsConfigResponse | undefined; isError: boolean };
}

/**
 * SPEC §4: ads show only if a config exists and the user is neither a team member nor premium
 * (the session already says so for a signed-in one, before any call), on a page and in a
 * document where ad scripts may run. Then the markup is injected; detection decides the rest.
 */
export function decideAds({ pathname, nonce, isChecking, user, config }: AdInputs): Decision {
  if (isAdFreePage(pathname)) return { status: 'no-ads', reason: 'ad_free_page' };
  if (nonce === null) return { status: 'no-ads', reason: 'strict_document' };
  if (isChecking) return { status: 'loading' };
  if (isTeamRole(user?.role)) return { status: 'no-ads', reason: 'team_member' };
  if (user?.isPremium) return { status: 'no-ads', reason: 'premium' };
  if (config.isError) return { status: 'no-ads', reason: 'load_error' };
  const data = config.data;
  if (!data) return { status: 'loading' };
  if (data.user_status.isTeamMember) return { status: 'no-ads', reason: 'team_member' };
  if (data.user_status.isPremium) return { status: 'no-ads', reason: 'premium' };
  if (!data.show_ads) return { status: 'no-ads', reason: data.reason === 'ads_enabled' ? 'ads_disabled' : data.reason };
  const markup = data.config?.ad_scripts ?? '';
  if (markup.trim() === '') return { status: 'no-ads', reason: 'no_scripts' };
  return { status: 'inject', markup };
}

/**
 * One ad slot's state, with its markup injected into `hostRef` while ads show. The host must be
 * rendered in every state but no-ads.
 */
export function useAdSlot(hostRef: RefObject<HTMLElement | null>): AdState {
  const { pathname } = useLocation();
  const { user, isChecking } = useAuth();
  const nonce = useMemo(() => documentNonce(), []);
  const needsConfig =
    decideAds({ pathname, nonce, isChecking, user, config: { data: undefined, isError: false } }).status === 'loading';
  const config = useQuery({ ...adsConfigQueryOptions(user), enabled: needsConfig && !isChecking });
  const decision = decideAds({ pathname, nonce, isChecking, user, config: { data: config.data, isError: config.isError } });
  const markup = decision.status === 'inject' ? decision.markup : null;
  const [detected, setDetected] = useState<{ markup: string; status: 'shown' | 'blocked' } | null>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (markup === null || nonce === null || !host) return;
    // Issue 18 §2: the ad's scripts run once the page has hydrated and the browser is idle, not in
    // the same task (its box holds the place meanwhile, so nothing moves).
    let stop = () => {};
    const cancel = whenIdle(
      () => {
        silenceNoisyErrors();
        const watcher = watchForAd(host, AD_DETECT_WAIT_MS, (status) => setDetected({ markup, status }));
        markAdScriptsRan();
        const remove = injectAdMarkup(host, markup, nonce, watcher.scriptFailed);
        stop = () => {
          watcher.stop();
          remove();
        };
      },
      { fallbackMs: 0 },
    );
    return () => {
      cancel();
      stop();
    };
  }, [hostRef, markup, nonce]);

  if (decision.status !== 'inject') return decision;
  return detected?.markup === decision.markup ? { status: detected.status } : { status: 'loading' };
}
