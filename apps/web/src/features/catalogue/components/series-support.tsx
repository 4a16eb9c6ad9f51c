// i18n: not yet in the catalogues (issue 35)
import { GIFT_AMOUNTS, GIFT_MESSAGE_MAX } from '@inkwell/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Gift, Heart } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { secondaryButton } from '../../../components/button-styles';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { UnlockError } from '../../../components/unlock-error';
import { callApiData } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { setViewerCoins } from '../../../lib/auth/session-query';
import { formatCoins } from '../../../lib/money';
import { getCoinsHref } from '../../../lib/wallet/unlock';

const supportersKey = (seriesId: string) => ['catalogue', 'supporters', seriesId] as const;

/** Sending a gift: the coins leave the reader's balance, the strip is fetched again, and a thank you. */
function useSendGift(series: { id: string; title: string }) {
  const toast = useToast();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (gift: { amount: number; message: string }) =>
      callApiData('seriesGift', { params: { seriesId: series.id }, body: gift }),
    onSuccess: (result) => {
      setViewerCoins(client, result.coins);
      void client.invalidateQueries({ queryKey: supportersKey(series.id) });
      toast({
        message: `Thank you: ${formatCoins(result.amount)} coins sent to ${series.title}`,
        type: 'success',
        duration: 5000,
      });
    },
  });
}

/** Who gave most this month, in order. */
function SupportersList({ items }: { items: { username: string; coins: number }[] }) {
  if (items.length === 0) return <p className="mt-3 text-sm text-zinc-400">No gifts yet this month: yours would be the first.</p>;
  return (
    <ol className="mt-3 flex flex-wrap gap-2" aria-label="Top supporters this month">
      {items.map((supporter, rank) => (
        <li
          key={supporter.username}
          className="inline-flex items-center gap-2 rounded-full border border-ink-700 bg-ink-950 py-1 pl-1 pr-3 text-sm"
        >
          <span className="grid size-6 place-items-center rounded-full bg-accent-600 text-xs font-bold text-white" aria-hidden>
            {rank + 1}
          </span>
          <span className="text-zinc-100">{supporter.username}</span>
          <span className="tabular-nums text-amber-200">{formatCoins(supporter.coins)}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * A series' supporters of the month and "Send a gift" (issue 22 §2): a few fixed sizes of coins
 * and a short message, charged once, for the series' payees; the strip shows who gave most.
 */
export function SeriesSupport({ series }: { series: { id: string; slug: string; title: string } }) {
  const { user } = useAuth();
  const location = useLocation();
  const supporters = useQuery({
    queryKey: supportersKey(series.id),
    queryFn: ({ signal }) => callApiData('seriesSupporters', { params: { seriesId: series.id }, signal }),
    staleTime: 60_000,
  });
  const send = useSendGift(series);
  const [isOpen, setIsOpen] = useState(false);
  const [amount, setAmount] = useState<number>(GIFT_AMOUNTS[1]);
  const balance = user?.coins ?? 0;
  const canAfford = (size: number) => size <= balance;
  const openDialog = () => {
    // The usual size if the reader has it, else the largest they have (issue 33: never more than their coins).
    setAmount(canAfford(GIFT_AMOUNTS[1]) ? GIFT_AMOUNTS[1] : GIFT_AMOUNTS[0]);
    setIsOpen(true);
  };
  const [message, setMessage] = useState('');
  const name = useId();
  const items = supporters.data?.items ?? [];

  return (
    <section
      aria-labelledby="supporters-heading"
      className="mt-10 rounded-2xl border border-ink-800 bg-ink-900 p-5"
      data-testid="series-support"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="supporters-heading" className="flex items-center gap-2 text-lg font-bold text-white">
          <Heart className="size-5 text-rose-300" aria-hidden />
          Supporters this month
        </h2>
        {user ? (
          <button type="button" className={secondaryButton} onClick={openDialog}>
            <Gift className="size-4 text-amber-300" aria-hidden />
            Send a gift
          </button>
        ) : (
          <Link to="/login" state={{ from: location.pathname }} className={secondaryButton}>
            <Gift className="size-4 text-amber-300" aria-hidden />
            Log in to send a gift
          </Link>
        )}
      </div>
      <SupportersList items={items} />
      {isOpen && user && (
        <ConfirmDialog
          title={`Send a gift to ${series.title}`}
          confirmLabel={`Send ${formatCoins(amount)} coins`}
          onConfirm={() => send.mutateAsync({ amount, message })}
          isConfirmDisabled={!canAfford(amount)}
          onClose={() => setIsOpen(false)}
          renderError={(error) => (
            <UnlockError error={error} getCoinsHref={getCoinsHref({ returnTo: `/SeriesView/${series.slug}` })} />
          )}
        >
          <p>
            It goes to the people who make the series. You have {formatCoins(balance)} coins.
            {!canAfford(GIFT_AMOUNTS[0]) && (
              <>
                {' '}
                A gift starts at {formatCoins(GIFT_AMOUNTS[0])}:{' '}
                <Link to={getCoinsHref({ returnTo: `/SeriesView/${series.slug}` })} className="text-accent-300 underline">
                  get coins
                </Link>
                .
              </>
            )}
          </p>
          <fieldset className="mt-3">
            <legend className="sr-only">How many coins</legend>
            <div className="flex flex-wrap gap-2">
              {GIFT_AMOUNTS.map((size) => (
                <label
                  key={size}
                  className="cursor-pointer rounded-lg border border-ink-700 px-3 py-1.5 tabular-nums has-[:disabled]:cursor-not-allowed has-[:disabled]:border-dashed has-[:disabled]:text-zinc-400 has-[:checked]:border-accent-500 has-[:checked]:bg-accent-600/15 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-400"
                >
                  <input
                    type="radio"
                    name={name}
                    value={size}
                    checked={amount === size}
                    disabled={!canAfford(size)}
                    onChange={() => setAmount(size)}
                    className="sr-only"
                  />
                  {formatCoins(size)} coins
                </label>
              ))}
            </div>
          </fieldset>
          <label className="mt-3 block text-zinc-200">
            A message (optional)
            <textarea
              value={message}
              maxLength={GIFT_MESSAGE_MAX}
              rows={2}
              onChange={(event) => setMessage(event.target.value)}
              className="mt-1 block w-full rounded-lg border border-ink-700 bg-ink-950 px-3 py-2 text-sm text-zinc-100"
            />
          </label>
        </ConfirmDialog>
      )}
    </section>
  );
}
