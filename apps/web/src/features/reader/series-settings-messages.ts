import loaders from 'virtual:inkwell-namespace/reader.series-settings';
import { loadNamespace } from '../../lib/i18n/i18n';

// "For this series" (issue 39 §2; messages/<locale>/reader.series-settings.json), loaded with the
// settings panel's code as it opens rather than with every chapter (the JavaScript budget).
await loadNamespace(loaders);
