import loaders from 'virtual:inkwell-namespace/validation';
import type { Translate } from './i18n-context';
import { loadNamespace } from './i18n';

// The contract's validation messages (decision 0040): its schemas' messages are ids of the
// `validation` namespace, which the server's error answers say too. Loaded by the forms that check
// a schema before sending (components/form.tsx and the few pages that read an issue themselves).
await loadNamespace(loaders);

/** A schema's message in the page's language: a validation id said; zod's own message as it is. */
export function schemaMessage(t: Translate, message: string): string {
  return message.startsWith('validation.') ? t(message) : message;
}
