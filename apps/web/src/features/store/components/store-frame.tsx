import { Coins } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAuth } from '../../../lib/auth/auth-context';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { StoreNav } from './store-nav';
import '../messages';

/** The store pages' frame: title, the reader's balance, the two shelves, then the page (title and intro: message ids). */
export function StoreFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const { user } = useAuth();
  const t = useT();
  const format = useFormat();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-white">{t(title)}</h1>
          <p className="mt-2 text-zinc-400">{t(intro)}</p>
        </div>
        {user && (
          <p className="flex items-center gap-2 text-sm text-zinc-300" data-testid="store-balance">
            <Coins className="size-4 text-amber-300" aria-hidden />
            <span>
              {richText(t('store.frame.balance', { count: user.coins, coins: format.count(user.coins) }), {
                strong: (words) => <strong className="text-amber-300">{words}</strong>,
              })}
            </span>
          </p>
        )}
      </div>
      <StoreNav />
      <div className="mt-8">{children}</div>
    </div>
  );
}

// The shelves' titles and intros (message ids, store.json).
export const COIN_STORE_TITLE = 'store.coins.title';
export const COIN_STORE_INTRO = 'store.coins.intro';
export const PLAN_STORE_TITLE = 'store.plans.title';
export const PLAN_STORE_INTRO = 'store.plans.intro';
