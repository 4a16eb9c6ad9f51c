// A series' or chapter's language as the API takes it (issue 35 §2, decision 0039); the tags
// themselves, without zod, are in language-tags.ts.
import { z } from 'zod';
import { canonicalLanguage } from './language-tags';

/** A series' or chapter's language (BCP 47), answered in its canonical spelling. */
export const contentLanguageSchema = z
  .string({ error: 'validation.languageTag' })
  .max(35, 'validation.languageTag35')
  .transform((tag, context) => {
    const canonical = canonicalLanguage(tag);
    if (canonical === undefined) {
      context.addIssue({ code: 'custom', message: 'validation.languageTag' });
      return z.NEVER;
    }
    return canonical;
  });
