import {
  AD_DETECT_WAIT_MS,
  isTeamRole,
  showsNoAds,
  type AdsConfigReason,
  type AdsConfigResponse,
  type SessionUser,
} from '@inkwell/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { whenIdle } from '../../lib/lazy-part';
import { watchAdFrame } from './ad-markup';
import { adsConfigQueryOptions } from './api/get-ads-config';

/** Why a slot shows no ad: the server's reason, or the client's own: the config could not be loaded (SPEC §8), or the page is ad-free. */
type NoAdsReason = AdsConfigReason | 'load_error' | 'ad_free_page';

/** SPEC §4: an ad slot's states. */
export type AdState =
  { status: 'loading' } | { status: 'no-ads'; reason: NoAdsReason } | { status: 'shown' } | { status: 'blocked' };

type Decision = { status: 'loading' } | { status: 'no-ads'; reason: NoAdsReason } | { status: 'inject'; markup: string };

export interface AdInputs {
  pathname: string;
  isChecking: boolean;
  user: Pick<SessionUser, 'role' | 'isPremium'> | null;
  config: { data: AdsConfigResponse | undefined; isError: boolean };
}

/**
 * SPEC §4: ads show only if a config exists and the user is neither a team member nor premium
 * (the session already says so for a signed-in one, before any call), on a page where ads may
 * show. Then the ad frame is loaded; its report decides the rest.
 */
export function decideAds({ pathname, isChecking, user, config }: AdInputs): Decision {
  if (showsNoAds(pathname)) return { status: 'no-ads', reason: 'ad_free_page' };
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
 * One ad slot's state, and whether its frame may be drawn now (`frameReady`): the frame comes once
 * the page has hydrated and the browser is idle (issue 18 §2), and `frameRef` is watched for its
 * report. The host must be rendered in every state but no-ads.
 */
export function useAdSlot(frameRef: RefObject<HTMLIFrameElement | null>): AdState & { frameReady: boolean } {
  const { pathname } = useLocation();
  const { user, isChecking } = useAuth();
  const needsConfig = decideAds({ pathname, isChecking, user, config: { data: undefined, isError: false } }).status === 'loading';
  const config = useQuery({ ...adsConfigQueryOptions(user), enabled: needsConfig && !isChecking });
  const decision = decideAds({ pathname, isChecking, user, config: { data: config.data, isError: config.isError } });
  const markup = decision.status === 'inject' ? decision.markup : null;
  const [readyFor, setReadyFor] = useState<string | null>(null);
  const [detected, setDetected] = useState<{ markup: string; status: 'shown' | 'blocked' } | null>(null);

  useEffect(() => {
    if (markup === null) return;
    return whenIdle(() => setReadyFor(markup), { fallbackMs: 0 });
  }, [markup]);

  const frameReady = markup !== null && readyFor === markup;
  // As the frame is put in the page, before anything else runs: no report of it can come first.
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frameReady || markup === null || !frame) return;
    return watchAdFrame(frame, AD_DETECT_WAIT_MS, (status) => setDetected({ markup, status }));
  }, [frameRef, frameReady, markup]);

  if (decision.status !== 'inject') return { ...decision, frameReady: false };
  return detected?.markup === decision.markup ? { status: detected.status, frameReady } : { status: 'loading', frameReady };
}
