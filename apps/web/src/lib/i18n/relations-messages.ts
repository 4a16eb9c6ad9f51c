import loaders from 'virtual:inkwell-namespace/common.relations';
import { loadNamespace } from './i18n';

// The words of relations between series (issue 39 §5: messages/<locale>/common.relations.json): the
// series page's "Related" and a chapter's "continue in the novel", drawn only as the reader comes
// near, so loaded with that part's code.
await loadNamespace(loaders);
