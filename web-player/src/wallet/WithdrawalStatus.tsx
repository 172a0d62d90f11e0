const WITHDRAWAL_BADGE = {
  pending: ['badge--pending', 'Pending review'],
  approved: ['badge--success', 'Approved'],
  rejected: ['badge--danger', 'Rejected, refunded'],
} as const;

export function WithdrawalStatus({ status }: { status: keyof typeof WITHDRAWAL_BADGE }) {
  const [tone, label] = WITHDRAWAL_BADGE[status];
  return <span className={`badge ${tone} tx__status`}>{label}</span>;
}
