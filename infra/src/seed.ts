/**
 * Gives the demo player its opening balance through the public API, as an admin would:
 * no back door into the wallet's tables. Runs at every start and does nothing once the
 * demo player has any transaction.
 */
export async function seedDemoBalance(
  baseUrl: string,
  opts: { adminEmail: string; adminPassword: string; demoUsername: string; amount: number },
): Promise<'credited' | 'already' | 'skipped'> {
  const api = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json().catch(() => ({}))) as any;
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${json.msg ?? ''}`);
    return json;
  };
  if (!(opts.amount > 0)) return 'skipped';
  const login = await api('POST', '/auth/login', undefined, {
    email: opts.adminEmail,
    password: opts.adminPassword,
  });
  const token = login.accessToken as string;
  const list = await api(
    'GET',
    `/admin/users?search=${encodeURIComponent(opts.demoUsername)}&limit=50`,
    token,
  );
  const demo = (list.users as Array<{ _id: string; username: string }>).find(
    (u) => u.username === opts.demoUsername,
  );
  if (!demo) return 'skipped';
  const txs = await api('GET', `/admin/users/${demo._id}/transactions?limit=1`, token);
  if ((txs.transactions as unknown[]).length > 0) return 'already';
  await api('PATCH', `/admin/users/${demo._id}/wallet`, token, {
    amount: opts.amount,
    description: 'Welcome balance for the demo player',
  });
  return 'credited';
}
