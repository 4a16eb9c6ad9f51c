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
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { getCoinsHref } from '../../../lib/wallet/unlock';
import '../messages';

const supportersKey = (seriesId: string) => ['catalogue', 'supporters', seriesId] as const;

/** Sending a gift: the coins leave the reader's balance, the strip is fetched again, and a thank you. */
function useSendGift(series: { id: string; title: string }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (gift: { amount: number; message: string }) =>
      callApiData('seriesGift', { params: { seriesId: series.id }, body: gift }),
    onSuccess: (result) => {
      setViewerCoins(client, result.coins);
      void client.invalidateQueries({ queryKey: supportersKey(series.id) });
      toast({
        message: t('catalogue.support.thanks', { coins: format.count(result.amount), title: series.title }),
        type: 'success',
        duration: 5000,
      });
    },
  });
}

/** Who gave most this month, in order. */
function SupportersList({ items }: { items: { username: string; coins: number }[] }) {
  const t = useT();
  const format = useFormat();
  if (items.length === 0) return <p className="mt-3 text-sm text-zinc-400">{t('catalogue.support.none')}</p>;
  return (
    <ol className="mt-3 flex flex-wrap gap-2" aria-label={t('catalogue.support.topLabel')}>
      {items.map((supporter, rank) => (
        <li
          key={supporter.username}
          className="inline-flex items-center gap-2 rounded-full border border-ink-700 bg-ink-950 py-1 pl-1 pr-3 text-sm"
        >
          <span className="grid size-6 place-items-center rounded-full bg-accent-600 text-xs font-bold text-white" aria-hidden>
            {rank + 1}
          </span>
          <span className="text-zinc-100">{supporter.username}</span>
          <span className="tabular-nums text-amber-200">{format.count(supporter.coins)}</span>
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
  const t = useT();
  const format = useFormat();
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
          {t('catalogue.support.heading')}
        </h2>
        {user ? (
          <button type="button" className={secondaryButton} onClick={openDialog}>
            <Gift className="size-4 text-amber-300" aria-hidden />
            {t('catalogue.support.send')}
          </button>
        ) : (
          <Link to="/login" state={{ from: location.pathname }} className={secondaryButton}>
            <Gift className="size-4 text-amber-300" aria-hidden />
            {t('catalogue.support.logIn')}
          </Link>
        )}
      </div>
      <SupportersList items={items} />
      {isOpen && user && (
        <ConfirmDialog
          title={t('catalogue.support.dialogTitle', { title: series.title })}
          confirmLabel={t('catalogue.support.confirm', { coins: format.count(amount) })}
          onConfirm={() => send.mutateAsync({ amount, message })}
          isConfirmDisabled={!canAfford(amount)}
          onClose={() => setIsOpen(false)}
          renderError={(error) => (
            <UnlockError error={error} getCoinsHref={getCoinsHref({ returnTo: `/SeriesView/${series.slug}` })} />
          )}
        >
          <p>
            {t('catalogue.support.explain', { coins: format.count(balance) })}
            {!canAfford(GIFT_AMOUNTS[0]) && (
              <>
                {' '}
                {richText(t('catalogue.support.tooFew', { coins: format.count(GIFT_AMOUNTS[0]) }), {
                  link: (words) => (
                    <Link to={getCoinsHref({ returnTo: `/SeriesView/${series.slug}` })} className="text-accent-300 underline">
                      {words}
                    </Link>
                  ),
                })}
              </>
            )}
          </p>
          <fieldset className="mt-3">
            <legend className="sr-only">{t('catalogue.support.legend')}</legend>
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
                  {t('catalogue.support.amount', { coins: format.count(size) })}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="mt-3 block text-zinc-200">
            {t('catalogue.support.message')}
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
