/** One line of the platform's audit log: who did what to which thing, when, before and after. */
export interface AuditLine {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string | null;
  service: 'identity' | 'wallet' | 'games' | 'admin';
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/** An admin's wallet adjustment carries the admin in its reference (`admin:{id}`). */
export function adjustmentActor(reference: string): string | null {
  const m = /^admin:([0-9a-f]{24})$/.exec(reference);
  return m ? m[1]! : null;
}
