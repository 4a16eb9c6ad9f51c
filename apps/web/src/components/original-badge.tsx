import { Languages } from 'lucide-react';
import { useLanguageName } from '../lib/edition';
import { useT } from '../lib/i18n/i18n-context';

/**
 * "Original · English": the edition asked for lacks this chapter, so the original is given (issue 35
 * §2). The series page's rows and the reader show it; the chapter's language is named in the page's.
 */
export function OriginalBadge({ language }: { language: string }) {
  const t = useT();
  const languageName = useLanguageName();
  return (
    <span
      className="inline-flex h-6 items-center gap-1 whitespace-nowrap rounded-full bg-sky-500/15 px-2 text-xs font-semibold text-sky-200"
      data-testid="original-badge"
    >
      <Languages className="size-3.5" aria-hidden />
      {t('common.editions.original', { language: languageName(language) })}
    </span>
  );
}
