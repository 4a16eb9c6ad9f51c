import type { ComicSettings, NovelSettings } from '../reader-settings';
import { ComicSettingsPanel, NovelSettingsPanel } from '../reader-parts';
import '../messages';

/** The reader's settings, comic and novel, as the page holds them. */
export interface ReaderSettingsState {
  comic: ComicSettings;
  /** The series reads right to left (issue 37): said so beside the choice. */
  isSeriesRtl?: boolean;
  /** Issue 39 §2: a comic's mode, direction and fit are the reader's choice for this series. */
  seriesId: string;
  novel: NovelSettings;
  onComicChange(patch: Partial<ComicSettings>): void;
  onNovelChange(patch: Partial<NovelSettings>): void;
}

/** The settings of what is being read: a comic's or a novel's. */
export function SettingsPanel({
  isComic,
  settings,
  inSheet,
}: {
  isComic: boolean;
  settings: ReaderSettingsState;
  inSheet?: boolean;
}) {
  return isComic ? (
    <ComicSettingsPanel
      settings={settings.comic}
      onChange={settings.onComicChange}
      inSheet={inSheet}
      isSeriesRtl={settings.isSeriesRtl}
      seriesId={settings.seriesId}
    />
  ) : (
    <NovelSettingsPanel settings={settings.novel} onChange={settings.onNovelChange} inSheet={inSheet} />
  );
}
