import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';

/** A scrape of `GET /metrics`: each sample's value by series, the labels in name order (`a="1",b="2"`). */
export type Scrape = { text: string; value: (name: string, labels?: Record<string, string>) => number };

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

function seriesKey(name: string, labels: Record<string, string>): string {
  const pairs = Object.keys(labels)
    .sort()
    .map((key) => `${key}="${labels[key]}"`);
  return `${name}{${pairs.join(',')}}`;
}

/** Parses the Prometheus text format: a series that is absent reads as 0, as a counter that never moved. */
export function parseMetrics(text: string): Scrape {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match || line.startsWith('#')) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map(([, key, value]) => [key, value]));
    samples.set(seriesKey(match[1], labels), Number(match[3]));
  }
  return { text, value: (name, labels = {}) => samples.get(seriesKey(name, labels)) ?? 0 };
}

/** `GET /metrics` with the token, asserting it answers 200 in the Prometheus text format. */
export async function scrape(app: FastifyInstance, token: string): Promise<Scrape> {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  assert.equal(response.statusCode, 200, response.body);
  assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
  return parseMetrics(response.body);
}
