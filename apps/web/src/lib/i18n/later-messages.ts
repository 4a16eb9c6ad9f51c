import loaders from 'virtual:inkwell-namespace/common.later';
import { loadNamespace } from './i18n';

// The words of shared parts no page draws as it opens: the top bar's menus and notifications panel,
// the preview bar, the offline home, the account's and dashboard's shared parts
// (messages/<locale>/common.later.json), loaded with their code rather than with `common`.
await loadNamespace(loaders);
