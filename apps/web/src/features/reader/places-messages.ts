import loaders from 'virtual:inkwell-namespace/reader.places';
import { loadNamespace } from '../../lib/i18n/i18n';

// The words of the prompt to continue where another device is (messages/<locale>/reader.places.json),
// loaded with its code only when there is one to show (the JavaScript budget, issue 35 §1).
await loadNamespace(loaders);
