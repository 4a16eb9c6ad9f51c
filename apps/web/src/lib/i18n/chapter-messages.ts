import loaders from 'virtual:inkwell-namespace/common.chapters';
import { loadNamespace } from './i18n';

// The words of the shared parts that sell chapters (bulk unlocks, chapter marks), which the series
// page and the lock panel draw and an open chapter does not (messages/<locale>/common.chapters.json):
// loaded with those parts' code rather than with `common` (the JavaScript budget, issue 35 §1).
await loadNamespace(loaders);
