import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

interface Charge {
  id: number;
  reference: string;
  amountKobo: number;
  currency: string;
  status: string;
  body: any;
}

/**
 * A local server speaking the parts of the Flutterwave v3 and Paystack APIs the wallet uses,
 * with their documented response shapes. Tests play the customer through `settle`.
 */
export class FakeProviders {
  readonly charges = new Map<string, Charge>();
  readonly requests: Array<{ method: string; path: string; auth?: string; body?: any }> = [];
  /** answer 500 on verify calls while true */
  verifyDown = false;
  initializeDown = false;
  private nextId = 4_000_000 + Math.floor(Math.random() * 1000);
  private server!: Server;
  url = '';

  constructor(
    readonly flutterwaveSecret: string,
    readonly paystackSecret: string,
  ) {}

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    const addr = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${addr.port}`;
    return this;
  }

  async stop() {
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  /** the customer pays (or fails); returns the provider's id of the charge */
  settle(reference: string, status: string, opts: { amountKobo?: number } = {}) {
    const c = this.charges.get(reference);
    if (!c) throw new Error(`no charge ${reference}`);
    c.status = status;
    if (opts.amountKobo !== undefined) c.amountKobo = opts.amountKobo;
    return c;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? JSON.parse(raw) : undefined;
    const path = (req.url ?? '').split('?')[0];
    this.requests.push({ method: req.method ?? '', path, auth: req.headers.authorization, body });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const fw = path.startsWith('/v3/');
    const secret = fw ? this.flutterwaveSecret : this.paystackSecret;
    if (req.headers.authorization !== `Bearer ${secret}`) {
      return fw
        ? send(401, { status: 'error', message: 'Invalid authorization key', data: null })
        : send(401, { status: false, message: 'Invalid key' });
    }

    if (req.method === 'POST' && path === '/v3/payments') {
      if (this.initializeDown)
        return send(503, { status: 'error', message: 'Service unavailable', data: null });
      const kobo = Math.round(Number(body.amount) * 100);
      this.charges.set(body.tx_ref, {
        id: this.nextId++,
        reference: body.tx_ref,
        amountKobo: kobo,
        currency: body.currency,
        status: 'pending',
        body,
      });
      return send(200, {
        status: 'success',
        message: 'Hosted Link',
        data: { link: `https://checkout.flutterwave.test/v3/hosted/pay/${randomBytes(6).toString('hex')}` },
      });
    }
    const fwVerify = /^\/v3\/transactions\/(\d+)\/verify$/.exec(path);
    if (req.method === 'GET' && fwVerify) {
      if (this.verifyDown) return send(500, { status: 'error', message: 'Internal error', data: null });
      const c = [...this.charges.values()].find((x) => x.id === Number(fwVerify[1]));
      if (!c)
        return send(400, { status: 'error', message: 'No transaction was found for this id', data: null });
      return send(200, {
        status: 'success',
        message: 'Transaction fetched successfully',
        data: {
          id: c.id,
          tx_ref: c.reference,
          flw_ref: `FLW-MOCK-${c.id}`,
          amount: c.amountKobo / 100,
          currency: c.currency,
          charged_amount: c.amountKobo / 100,
          status: c.status,
          customer: c.body.customer,
        },
      });
    }

    if (req.method === 'POST' && path === '/transaction/initialize') {
      if (this.initializeDown) return send(503, { status: false, message: 'Service unavailable' });
      const code = randomBytes(6).toString('hex');
      this.charges.set(body.reference, {
        id: this.nextId++,
        reference: body.reference,
        amountKobo: Number(body.amount),
        currency: body.currency,
        status: 'ongoing',
        body,
      });
      return send(200, {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `https://checkout.paystack.test/${code}`,
          access_code: code,
          reference: body.reference,
        },
      });
    }
    const psVerify = /^\/transaction\/verify\/(.+)$/.exec(path);
    if (req.method === 'GET' && psVerify) {
      if (this.verifyDown) return send(500, { status: false, message: 'Internal error' });
      const c = this.charges.get(decodeURIComponent(psVerify[1]));
      if (!c) return send(400, { status: false, message: 'Transaction reference not found' });
      return send(200, {
        status: true,
        message: 'Verification successful',
        data: {
          id: c.id,
          status: c.status,
          reference: c.reference,
          amount: c.amountKobo,
          currency: c.currency,
          channel: 'card',
        },
      });
    }
    send(404, { message: 'not found' });
  }
}
