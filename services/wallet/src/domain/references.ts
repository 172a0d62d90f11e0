/** What a retried request must match for its replay to count as the same request. */
export function fingerprint(parts: { type: string; userId: string | null; amount: bigint }): string {
  return `${parts.type}|${parts.userId ?? '-'}|${parts.amount}`;
}
