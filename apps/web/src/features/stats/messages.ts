import loaders from 'virtual:inkwell-namespace/stats';
import { loadNamespace } from '../../lib/i18n/i18n';

// The reader's year's words (packages/contract/messages/<locale>/stats.*.json), in the page's language
// before any of its code runs: every file here that says something imports this module.
await loadNamespace(loaders);
