import { api, currencySymbol, toast } from '@bet/web-shell/core';
import { useForm } from 'react-hook-form';
import { money } from '../lib/format';
import { TextField, toastErrors } from '../pages/auth';
import { Modal } from '../ui/Modal';

export function WithdrawModal({
  balance,
  onClose,
  onDone,
}: {
  balance: number | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { register, handleSubmit, formState } = useForm({ defaultValues: { amount: '' } });
  const busy = formState.isSubmitting;
  const submit = toastErrors('Failed to request withdrawal.', async ({ amount }: { amount: string }) => {
    const value = Number(amount);
    if (!amount || !Number.isFinite(value) || value <= 0) {
      toast.error('Please enter a valid amount.');
      return;
    }
    await api.post('/wallet/request-withdrawal', { amount: Math.round(value * 100) / 100 }, { silent: true });
    toast.success('Withdrawal request submitted successfully!');
    onDone();
    onClose();
  });
  return (
    <Modal title="Request Withdrawal" onClose={onClose}>
      <form className="form" onSubmit={handleSubmit(submit)} noValidate>
        <TextField
          label={`Amount (${currencySymbol()})`}
          type="number"
          min={0.01}
          step={0.01}
          {...register('amount')}
        />
        <p className="field__hint">
          {balance !== null ? `Available: ${money(balance)}. ` : ''}An administrator reviews every withdrawal
          request.
        </p>
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Submitting…' : 'Request Withdrawal'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
