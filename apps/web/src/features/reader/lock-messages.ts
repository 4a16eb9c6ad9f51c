import loaders from 'virtual:inkwell-namespace/reader.lock';
import { loadNamespace } from '../../lib/i18n/i18n';

// The lock panel's words (messages/<locale>/reader.lock.json), loaded with the panel's code rather
// than with the reader's namespace: a free chapter never draws them (the JavaScript budget, issue 35 §1).
await loadNamespace(loaders);
