// i18n: not yet in the catalogues (issue 35)
import { Coins } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAuth } from '../../../lib/auth/auth-context';
import { formatCoins } from '../../../lib/money';
import { StoreNav } from './store-nav';

/** The store pages' frame: title, the reader's balance, the two shelves, then the page. */
export function StoreFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-white">{title}</h1>
          <p className="mt-2 text-zinc-400">{intro}</p>
        </div>
        {user && (
          <p className="flex items-center gap-2 text-sm text-zinc-300" data-testid="store-balance">
            <Coins className="size-4 text-amber-300" aria-hidden />
            You have <strong className="text-amber-300">{formatCoins(user.coins)}</strong> coins
          </p>
        )}
      </div>
      <StoreNav />
      <div className="mt-8">{children}</div>
    </div>
  );
}

export const COIN_STORE_TITLE = 'Coin store';
export const COIN_STORE_INTRO = 'Coins unlock a chapter for good. Bigger packages come with bonus coins.';
export const PLAN_STORE_TITLE = 'Subscriptions';
export const PLAN_STORE_INTRO = 'A plan opens every premium chapter as soon as it is out, for as long as it runs.';
