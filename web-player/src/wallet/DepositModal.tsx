import { api, toast, validationMsgOr } from '@bet/web-shell/core';
import { useApi } from '@bet/web-shell/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { money } from '../lib/format';
import { TextField, toastErrors } from '../pages/auth';
import { Modal } from '../ui/Modal';
import type { DepositRate, DepositStart } from './types';

export const MIN_DEPOSIT_NGN = 100;

// naira, the payment provider's currency (what the player pays), not the platform's money: that
// one has the shell's format (formatMoney)
const NGN = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });
/** a naira amount the player pays: ₦5,000 */
const naira = (n: number) => `₦${NGN.format(n)}`;

export function DepositModal({ onClose, onOpened }: { onClose: () => void; onOpened: () => void }) {
  const { register, handleSubmit, formState, setValue, watch } = useForm({
    defaultValues: { amount: String(MIN_DEPOSIT_NGN) },
  });
  // the wallet's rate card: each preset with what it will credit (in a naira wallet, itself)
  const rate = useApi<DepositRate>('/wallet/deposit/rate');
  const converted = rate.data?.walletCurrency !== 'NGN';
  const typed = Number(watch('amount'));
  const credits =
    converted && rate.data && Number.isFinite(typed) && typed > 0
      ? Math.floor((typed / rate.data.ngnPerUsd) * 100 + 1e-6) / 100
      : null;
  const busy = formState.isSubmitting;
  const [link, setLink] = useState<string | null>(null);
  const submit = toastErrors(
    (err) => validationMsgOr(err, 'Failed to initiate deposit.'),
    async ({ amount }: { amount: string }) => {
      const value = Number(amount);
      if (!amount || !Number.isFinite(value) || value < MIN_DEPOSIT_NGN) {
        toast.error(`Please enter an amount of at least ${MIN_DEPOSIT_NGN} NGN.`);
        return;
      }
      // Opened now, while the click still counts as a user gesture, so no pop-up blocker stops it.
      const tab = window.open('', '_blank');
      try {
        const res = await api.post<DepositStart>(
          '/wallet/deposit/initialize',
          { amount: value },
          { silent: true },
        );
        if (!res?.paymentLink) throw new Error('No payment link was returned.');
        toast.success('Redirecting to payment page...');
        onOpened();
        if (tab) {
          tab.opener = null;
          tab.location.href = res.paymentLink;
          onClose();
        } else {
          setLink(res.paymentLink);
        }
      } catch (err) {
        tab?.close();
        throw err;
      }
    },
  );
  return (
    <Modal title="Deposit Funds" onClose={onClose}>
      <form className="form" onSubmit={handleSubmit(submit)} noValidate>
        <TextField
          label="Amount (NGN)"
          type="number"
          min={MIN_DEPOSIT_NGN}
          step={1}
          {...register('amount')}
        />
        {rate.data && (
          <fieldset className="deposit-presets">
            <legend className="visually-hidden">Quick amounts</legend>
            {rate.data.presets.map((p) => (
              <button
                key={p.amount}
                type="button"
                className={typed === p.amount ? 'deposit-preset deposit-preset--on' : 'deposit-preset'}
                aria-pressed={typed === p.amount}
                onClick={() => setValue('amount', String(p.amount))}
              >
                <strong>{naira(p.amount)}</strong>
                {converted && <span>credits {money(p.credits)}</span>}
              </button>
            ))}
          </fieldset>
        )}
        {credits !== null && (
          <p className="deposit-credit" aria-live="polite">
            You will receive <strong>{money(credits)}</strong> at {naira(rate.data!.ngnPerUsd)} per dollar.
          </p>
        )}
        <p className="field__hint">
          Minimum deposit is {naira(MIN_DEPOSIT_NGN)}.{' '}
          {converted ? '' : 'Your wallet is credited in naira, exactly what you pay. '}You will pay securely
          on the payment provider's page.
        </p>
        {link && (
          <p className="alert alert--info">
            Your browser blocked the new tab.{' '}
            <a href={link} target="_blank" rel="noopener noreferrer">
              Open the payment page
            </a>
          </p>
        )}
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Please wait…' : 'Proceed to Payment'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
