import loaders from 'virtual:inkwell-namespace/reader.settings';
import { loadNamespace } from '../../lib/i18n/i18n';

// The reading settings' words (messages/<locale>/reader.settings.json), loaded with the settings
// panel's code as it opens rather than with every chapter (the JavaScript budget, issue 35 §1).
await loadNamespace(loaders);
