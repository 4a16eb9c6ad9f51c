import loaders from 'virtual:inkwell-namespace/announcements';
import { loadNamespace } from '../../lib/i18n/i18n';

// This feature's words (packages/contract/messages/<locale>/announcements.json), in the page's language
// before any of its code runs: every file here that says something imports this module.
await loadNamespace(loaders);
