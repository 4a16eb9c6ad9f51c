import loaders from 'virtual:inkwell-namespace/common.also-read';
import { loadNamespace } from './i18n';

// The words of "Readers also read" (issue 39 §5: messages/<locale>/common.also-read.json), which the
// series page and a chapter's end draw only as the reader comes near: loaded with that part's code.
await loadNamespace(loaders);
