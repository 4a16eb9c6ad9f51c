import loaders from 'virtual:inkwell-namespace/common.tiers';
import { loadNamespace } from './i18n';

// The words of memberships per series (issue 38 §1: the tiers, a member's line, "Early access ·
// public in 3 days"), which the series page, the lock panel and a member's chapters draw and most
// chapters do not (messages/<locale>/common.tiers.json): loaded with those parts' code rather than
// with `common` (the JavaScript budget, issue 35 §1).
await loadNamespace(loaders);
