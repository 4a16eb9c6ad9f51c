import { Coins } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useFormat } from '../lib/i18n/format';
import { useT } from '../lib/i18n/i18n-context';
import { richText } from '../lib/i18n/rich';
import { bulkChoices, type BulkChoice, type PricedChapter } from '../lib/wallet/locked-run';
import { useUnlockQuote } from '../lib/wallet/unlock';
import { primaryButton } from './button-styles';
import { ConfirmDialog } from './confirm-dialog';
import { UnlockError } from './unlock-error';
import '../lib/i18n/chapter-messages';

interface BulkUnlockProps {
  seriesId: string;
  /** The chapters for sale from here on, in reading order (see lockedRunFrom). */
  run: PricedChapter[];
  /** How many are for sale in all, when `run` holds only the first of them. */
  total?: number;
  /** The reader's coins. */
  balance: number;
  /** The store, for a reader short of coins. */
  getCoinsHref: string;
  /** Unlocks the chosen chapters; resolves once they are open. */
  onUnlock(chapterIds: string[]): Promise<unknown>;
  legend?: string;
}

/**
 * "Unlock the next 5 / 10 / all locked chapters", each with its total in coins, confirmed in a
 * dialog and charged once, all or nothing. Too few coins for the choice: a link to the store.
 */
export function BulkUnlock({ seriesId, run, total, balance, getCoinsHref, onUnlock, legend }: BulkUnlockProps) {
  const t = useT();
  const format = useFormat();
  const choices = bulkChoices(run, total);
  // Unset until the reader picks: the first choice, also when the run arrives after the first render.
  const [chosenKey, setChosenKey] = useState<string>();
  const [isConfirming, setIsConfirming] = useState(false);
  const name = useId();
  // After an unlock the run is shorter and a choice may be gone: fall back to the first.
  const choice = choices.find((c) => c.key === chosenKey) ?? choices[0];
  // The server's price of the choice: "all remaining" may take the series' bundle discount.
  const quote = useUnlockQuote(seriesId, choice?.chapters.map((chapter) => chapter.id) ?? [], Boolean(choice));
  if (!choice || run.length === 0) return null;
  const discount = quote.data && quote.data.total === choice.total ? quote.data.discount : 0;
  const price = discount > 0 ? quote.data!.charged : choice.total;
  const short = price - balance;
  const count = choice.chapters.length;
  const first = choice.chapters[0]?.number;
  const last = choice.chapters.at(-1)?.number;
  const labelOf = (option: BulkChoice) => t(option.label, { count: option.chapters.length });

  return (
    <fieldset className="rounded-xl border border-ink-700 bg-ink-950/40 p-4 text-left" data-testid="bulk-unlock">
      <legend className="px-1 text-sm font-semibold text-white">{legend ?? t('common.components.bulk.legend')}</legend>
      <p className="text-xs text-zinc-400">{t('common.components.bulk.fromChapter', { number: run[0]!.number })}</p>
      {/* One choice is not a choice (issue 21 §1): said in a line, and the button does it. */}
      {choices.length === 1 ? (
        <p className="mt-3 flex items-center justify-between gap-2 text-sm text-zinc-200" data-testid="bulk-only-choice">
          {labelOf(choice)}
          <span className="inline-flex items-center gap-1 tabular-nums text-amber-200">
            <Coins className="size-3.5" aria-hidden />
            {format.count(choice.total)}
          </span>
        </p>
      ) : (
        <div className="mt-3 grid gap-2 sm:grid-cols-3">
          {choices.map((option) => (
            <label
              key={option.key}
              className="flex cursor-pointer items-center justify-between gap-2 rounded-lg border border-ink-700 px-3 py-2 text-sm text-zinc-200 has-[:checked]:border-accent-500 has-[:checked]:bg-accent-600/10 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-400"
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name={name}
                  value={option.key}
                  checked={option.key === choice.key}
                  onChange={() => setChosenKey(option.key)}
                  aria-label={t('common.components.bulk.optionLabel', {
                    choice: labelOf(option),
                    coins: format.count(option.total),
                  })}
                  className="accent-accent-500"
                />
                {labelOf(option)}
              </span>
              <span className="inline-flex items-center gap-1 tabular-nums text-amber-200">
                <Coins className="size-3.5" aria-hidden />
                {format.count(option.total)}
              </span>
            </label>
          ))}
        </div>
      )}
      {discount > 0 && (
        <p className="mt-2 text-sm text-emerald-300" data-testid="bundle-discount">
          {richText(
            t('common.components.bulk.discount', {
              discount,
              total: format.count(choice.total),
              price: format.count(price),
            }),
            {
              s: (words) => <s className="text-zinc-400">{words}</s>,
              strong: (words) => <strong className="tabular-nums">{words}</strong>,
            },
          )}
        </p>
      )}
      <div className="mt-3 flex min-h-10 flex-wrap items-center justify-between gap-2">
        {short <= 0 ? (
          <button type="button" onClick={() => setIsConfirming(true)} className={primaryButton}>
            {choices.length === 1 || discount > 0
              ? t('common.components.bulk.unlockFor', { count, price: format.count(price) })
              : t('common.components.bulk.unlock', { count })}
          </button>
        ) : (
          <>
            <p className="text-sm text-zinc-300">{t('common.components.bulk.short', { coins: format.count(short) })}</p>
            <Link to={getCoinsHref} className={primaryButton}>
              {t('common.components.bulk.getCoins', { count })}
            </Link>
          </>
        )}
      </div>
      {isConfirming && (
        <ConfirmDialog
          title={t('common.components.bulk.confirmTitle', { count, price: format.count(price) })}
          confirmLabel={t('common.components.bulk.confirm')}
          onConfirm={() => onUnlock(choice.chapters.map((chapter) => chapter.id))}
          onClose={() => setIsConfirming(false)}
          renderError={(error) => <UnlockError error={error} getCoinsHref={getCoinsHref} />}
        >
          <p>
            {first === last
              ? t('common.components.bulk.chargedOnceOne', { number: first })
              : t('common.components.bulk.chargedOnceRange', { first, last })}
          </p>
          {discount > 0 && (
            <p className="mt-1">{t('common.components.bulk.discountDetail', { total: format.count(choice.total), discount })}</p>
          )}
          <p className="mt-1">
            {richText(t('common.components.bulk.balanceAfter', { coins: format.count(balance - price) }), {
              strong: (words) => <strong className="text-white">{words}</strong>,
            })}
          </p>
        </ConfirmDialog>
      )}
    </fieldset>
  );
}
