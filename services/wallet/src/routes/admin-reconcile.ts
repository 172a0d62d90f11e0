import { recordReconciliation } from '@bet/kit';
import { reconcileLedger } from '../app/statements';
import { route } from '../context';
import { ReconcileAnswer } from './answers';

export const adminReconcileRoute = route('GET|POST /api/v1/admin/wallet/reconcile', (app, ctx) => {
  // GET reads like a report, POST like "run it": both run the same read-only check
  app.route({
    method: ['GET', 'POST'],
    url: '/api/v1/admin/wallet/reconcile',
    config: { auth: 'admin' },
    schema: {
      tags: ['admin'],
      description: "Proves the ledger's invariants on the live database (read-only).",
      response: { 200: ReconcileAnswer },
    },
    // the outcome also goes to /metrics, where the reconciliation-drift alert watches it
    handler: async () => recordReconciliation('wallet', await reconcileLedger(ctx)),
  });
});
