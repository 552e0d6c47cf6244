/** A plain HTTP call to an API that runs in another process (fetch, JSON in and out). */
export interface CallResult {
  status: number;
  headers: Headers;
  // The envelope or bare answer, as parsed JSON (null when the body is not JSON).
  body: { success?: boolean; data?: unknown; error?: { code?: string } | null; [k: string]: unknown } | null;
}

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: CallResult['body'];
  try {
    body = JSON.parse(text) as CallResult['body'];
  } catch {
    body = null;
  }
  return { status: res.status, headers: res.headers, body };
}
