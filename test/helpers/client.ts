import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** A small API client over `app.inject`, sending what a real client sends (Accept, Authorization, JSON bodies). */
export type ApiResponse = LightMyRequestResponse & { body: string; data: any };

export function apiClient(app: FastifyInstance, token?: string) {
  async function send(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await app.inject({
      method,
      url,
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload)
          ? { 'content-type': 'application/json' }
          : {}),
        ...headers,
      },
      payload:
        payload === undefined
          ? undefined
          : typeof payload === 'string' || Buffer.isBuffer(payload)
            ? payload
            : JSON.stringify(payload),
    });
    const data =
      response.headers['content-type']?.toString().includes('application/json') && response.body
        ? JSON.parse(response.body)
        : undefined;
    return Object.assign(response, { data }) as ApiResponse;
  }
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, body?: unknown, headers?: Record<string, string>) => send('POST', url, body, headers),
    put: (url: string, body?: unknown, headers?: Record<string, string>) => send('PUT', url, body, headers),
    patch: (url: string, body?: unknown, headers?: Record<string, string>) => send('PATCH', url, body, headers),
    delete: (url: string) => send('DELETE', url),
    /** multipart/form-data, built with the platform's FormData so the bytes are exactly what a browser sends. */
    async multipart(method: 'POST' | 'PUT', url: string, form: FormData) {
      const request = new Request('http://localhost', { method: 'POST', body: form });
      const payload = Buffer.from(await request.arrayBuffer());
      return send(method, url, payload, { 'content-type': request.headers.get('content-type')! });
    },
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
