// The parts of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    timeout?: number;
  };
  type Histogram = { average: number; mean: number; min: number; max: number; p50: number; p90: number; p99: number };
  type Result = {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    duration: number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
