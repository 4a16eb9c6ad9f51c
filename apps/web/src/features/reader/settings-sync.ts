import type { AccountComicSettings, AccountNovelSettings, SeriesReaderSettings } from '@inkwell/contract';
import { callApi } from '../../lib/api-client';
import type { ComicSettings, NovelSettings } from './reader-settings';

// Settings that travel (issue 39 §2), loaded with the settings panel: where a change made in it is
// kept. A signed-in reader's reach their account a moment after the last change (a slider sends
// many), sent with keepalive so leaving the page keeps them; a visitor's stay on this device.

const WAIT_MS = 800;
type Choice = Partial<SeriesReaderSettings>;
let account: { comic?: AccountComicSettings; novel?: AccountNovelSettings } = {};
const seriesChoices = new Map<string, Choice>();
let timer: ReturnType<typeof setTimeout> | undefined;

// A save that fails leaves the change on this device for this visit; the panel has no error to show.
const quietly = (call: Promise<unknown>) => void call.catch(() => undefined);

function send() {
  timer = undefined;
  if (account.comic || account.novel) quietly(callApi('readerSettingsPatch', { body: account, keepalive: true }));
  for (const [seriesId, body] of seriesChoices) {
    quietly(callApi('seriesReaderSettingsPut', { params: { seriesId }, body, keepalive: true }));
  }
  account = {};
  seriesChoices.clear();
}

function sendSoon() {
  clearTimeout(timer);
  timer = setTimeout(send, WAIT_MS);
}

/** Sends what waits at once (the tests; a page about to go). */
export function flushSettings() {
  if (timer) {
    clearTimeout(timer);
    send();
  }
}

const CHOICE_KEYS = ['mode', 'direction', 'fit'] as const;

interface ComicChange {
  /** The settings as the panel shows them (with this device's `series` choices). */
  current: ComicSettings;
  seriesId: string;
  isSignedIn: boolean;
  /** This device's store. */
  update(patch: Partial<ComicSettings>): void;
}

/**
 * A change in the comic panel: mode, direction and fit become the reader's choice for this series
 * (in their account when signed in; a visitor's also stays their device's general choice, as
 * before); data saver and the gap stay on this device.
 */
export function changeComic(patch: Partial<ComicSettings>, { current, seriesId, isSignedIn, update }: ComicChange) {
  const choice: Choice = {};
  const device: Partial<ComicSettings> = {};
  for (const [key, value] of Object.entries(patch) as [keyof ComicSettings, never][]) {
    if ((CHOICE_KEYS as readonly string[]).includes(key)) choice[key as keyof Choice] = value;
    else device[key] = value;
  }
  if (Object.keys(choice).length > 0) {
    const series = { ...current.series, [seriesId]: { ...current.series?.[seriesId], ...choice } };
    Object.assign(device, isSignedIn ? {} : choice, { series });
    if (isSignedIn) {
      seriesChoices.set(seriesId, { ...seriesChoices.get(seriesId), ...choice });
      sendSoon();
    }
  }
  update(device);
}

const without = (series: ComicSettings['series'], seriesId: string) => {
  const rest = { ...series };
  delete rest[seriesId];
  return rest;
};

/** "Reset": this series goes back to its defaults and the reader's general choice. */
export function resetSeriesChoice({ current, seriesId, isSignedIn, update }: ComicChange) {
  update({ series: without(current.series, seriesId) });
  seriesChoices.delete(seriesId);
  if (isSignedIn) quietly(callApi('seriesReaderSettingsClear', { params: { seriesId } }));
}

/**
 * "Use for every series": this series' mode, direction and fit become the general choice. The series
 * keeps its own choice too: a series' defaults (the team's mode, its direction) win over the general
 * choice, so without it this series would turn straight back to them.
 */
export function keepForEverySeries({ current, isSignedIn, update }: ComicChange) {
  const general = { mode: current.mode, direction: current.direction, fit: current.fit };
  update(general);
  if (!isSignedIn) return;
  account = { ...account, comic: { ...account.comic, ...general } };
  sendSoon();
}

/** A change in the novel panel: to the account as well when signed in. */
export function changeNovel(patch: Partial<NovelSettings>, isSignedIn: boolean, update: (patch: Partial<NovelSettings>) => void) {
  update(patch);
  if (!isSignedIn) return;
  account = { ...account, novel: { ...account.novel, ...patch } };
  sendSoon();
}
