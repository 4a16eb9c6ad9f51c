import { useT } from '../../../lib/i18n/i18n-context';
import { BottomSheet } from '../reader-parts';
import { SettingsPanel, type ReaderSettingsState } from './reader-panels';
import '../messages';

/** The phone's settings, in a bottom sheet. */
export function SettingsSheet({
  isComic,
  settings,
  onClose,
}: {
  isComic: boolean;
  settings: ReaderSettingsState;
  onClose(): void;
}) {
  const t = useT();
  return (
    <BottomSheet title={t('reader.settings.title')} closeLabel={t('reader.sheet.closeSettings')} onClose={onClose}>
      <SettingsPanel isComic={isComic} settings={settings} inSheet />
    </BottomSheet>
  );
}
