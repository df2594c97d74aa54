import http from 'node:http';
import autocannon from 'autocannon';

export type Endpoint = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  token: string;
  body?: string;
  /** Read endpoints carry the aims (≥ 30% of the baseline, p99 < 25 ms); writes are reported only. */
  read: boolean;
};

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Responses outside 2xx, by status, and connection errors: any of these voids the run. */
  failures: Record<string, number>;
  /** Requests still unanswered after TIMEOUT_SECONDS: reported, and they void the run too. */
  timeouts: number;
  /**
   * The serving process's CPU time per answered request, in milliseconds (null without /proc). Unlike requests per
   * second it hardly depends on what else the machine is doing, so its ratio is the steadier comparison.
   */
  cpuMsPerRequest: number | null;
};

export type LoadOptions = { connections: number; duration: number; warmup: number };

function headersFor(endpoint: Endpoint): Record<string, string> {
  return {
    accept: 'application/json',
    authorization: `Bearer ${endpoint.token}`,
    ...(endpoint.body ? { 'content-type': 'application/json' } : {}),
  };
}

/** Autocannon's give-up time per request; an answer slower than this is a timeout, not a latency. */
export const TIMEOUT_SECONDS = 10;

function problemsOf(result: Awaited<ReturnType<typeof autocannon>>) {
  const failures: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats)) {
    if (!status.startsWith('2')) failures[status] = count;
  }
  // autocannon counts a timeout as an error as well; keep the two apart.
  if (result.errors > result.timeouts) failures['connection errors'] = result.errors - result.timeouts;
  return { failures, timeouts: result.timeouts };
}

/** A warm-up run (its failures still count), then the measured run, at `connections` concurrent connections. */
export async function measure(
  target: { url: string; cpuSeconds: () => number | null },
  endpoint: Endpoint,
  options: LoadOptions,
): Promise<LoadResult> {
  const baseUrl = target.url;
  const run = (duration: number) =>
    autocannon({
      url: baseUrl + endpoint.path,
      method: endpoint.method,
      headers: headersFor(endpoint),
      body: endpoint.body,
      connections: options.connections,
      duration,
      timeout: TIMEOUT_SECONDS,
    });
  const warmup = options.warmup > 0 ? problemsOf(await run(options.warmup)) : { failures: {}, timeouts: 0 };
  const cpuBefore = target.cpuSeconds();
  const result = await run(options.duration);
  const cpuAfter = target.cpuSeconds();
  const { failures, timeouts } = problemsOf(result);
  const answered = Object.entries(result.statusCodeStats)
    .filter(([status]) => status.startsWith('2'))
    .reduce((sum, [, { count }]) => sum + count, 0);
  for (const [key, count] of Object.entries(warmup.failures)) failures[key] = (failures[key] ?? 0) + count;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures,
    timeouts: timeouts + warmup.timeouts,
    cpuMsPerRequest:
      cpuBefore === null || cpuAfter === null || answered === 0 ? null : ((cpuAfter - cpuBefore) * 1000) / answered,
  };
}

export type Captured = {
  method: string;
  path: string;
  authorization: string;
  status: number;
  contentType: string;
  body: string;
};

/** One real response, kept for the baseline server; the body is base64 so that the bytes survive JSON. */
export async function capture(baseUrl: string, endpoint: Endpoint): Promise<Captured> {
  const response = await fetch(baseUrl + endpoint.path, {
    method: endpoint.method,
    headers: headersFor(endpoint),
    body: endpoint.body,
  });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    method: endpoint.method,
    path: endpoint.path,
    authorization: headersFor(endpoint).authorization,
    status: response.status,
    contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    body: body.toString('base64'),
  };
}

/**
 * Latency of one request at a time over a kept-alive connection, timed to the microsecond: the load runs report
 * whole milliseconds, too coarse to compare two fast pages. Returns the median and p99 in milliseconds.
 */
export async function sequentialLatency(
  baseUrl: string,
  endpoint: Endpoint,
  count: number,
): Promise<{ median: number; p99: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const started = process.hrtime.bigint();
      const request = http.request(
        baseUrl + endpoint.path,
        { method: endpoint.method, headers: headersFor(endpoint), agent },
        (response) => {
          response.resume();
          response.on('end', () => {
            if ((response.statusCode ?? 0) >= 300)
              reject(new Error(`${endpoint.name} answered ${response.statusCode}`));
            else resolve(Number(process.hrtime.bigint() - started) / 1e6);
          });
        },
      );
      request.on('error', reject);
      request.end(endpoint.body);
    });
  const samples: number[] = [];
  try {
    for (let n = 0; n < count; n++) samples.push(await once());
  } finally {
    agent.destroy();
  }
  samples.sort((a, b) => a - b);
  const at = (fraction: number) => samples[Math.min(samples.length - 1, Math.floor(fraction * samples.length))];
  return { median: at(0.5), p99: at(0.99) };
}

/**
 * Writes that cannot be repeated on one row (an assignment transition), sent one at a time, each to its own row:
 * latency is timed per request and the server's CPU time over the measured series. The first `warmup` requests are
 * sent and not measured, as the load runs' warm-up seconds are: without them the figure is the cost of code the
 * server has not compiled yet (a few hundred requests are all a transition gets otherwise). Requests per second is the
 * one-connection rate, not a throughput under load.
 */
export async function sequentialWrites(
  target: { url: string; cpuSeconds: () => number | null },
  requests: Endpoint[],
  warmup: number,
): Promise<LoadResult> {
  const send = async (endpoint: Endpoint) => {
    const response = await fetch(target.url + endpoint.path, {
      method: endpoint.method,
      headers: headersFor(endpoint),
      body: endpoint.body,
    });
    await response.arrayBuffer();
    return response;
  };
  for (const endpoint of requests.slice(0, warmup)) await send(endpoint);
  const measured = requests.slice(warmup);
  const failures: Record<string, number> = {};
  const samples: number[] = [];
  const cpuBefore = target.cpuSeconds();
  const started = performance.now();
  for (const endpoint of measured) {
    const begun = performance.now();
    const response = await send(endpoint);
    if (response.ok) samples.push(performance.now() - begun);
    else failures[String(response.status)] = (failures[String(response.status)] ?? 0) + 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = target.cpuSeconds();
  samples.sort((a, b) => a - b);
  const at = (fraction: number) => samples[Math.min(samples.length - 1, Math.floor(fraction * samples.length))] ?? 0;
  return {
    requestsPerSecond: measured.length / seconds,
    p50: Math.round(at(0.5) * 100) / 100,
    p99: Math.round(at(0.99) * 100) / 100,
    requests: measured.length,
    failures,
    timeouts: 0,
    cpuMsPerRequest:
      cpuBefore === null || cpuAfter === null || samples.length === 0
        ? null
        : ((cpuAfter - cpuBefore) * 1000) / samples.length,
  };
}
