// Unlocking chapters with coins. The hooks live in lib/wallet, below the features, because the
// reader's lock panel and the series page use them too (a feature imports no other feature).
export { getCoinsHref, useUnlockChapter, useUnlockChapters } from '../../../lib/wallet/unlock';
