import fs from 'node:fs';
import http from 'node:http';

/**
 * The baseline: a bare node:http server that answers each benchmarked request with the bytes the real server gave
 * for it (status, content type, body), after a map lookup standing in for routing, so the ratio to it is what the framework, auth, validation and queries cost.
 * Run as its own process, like the real server, so it does not share a CPU core with the load generator.
 * Usage: node bench/baseline-server.ts <responses.json>; prints {"port": n} once listening.
 */
type Captured = {
  method: string;
  path: string;
  authorization: string;
  status: number;
  contentType: string;
  body: string;
};

/** Requests are told apart as the real server tells them apart: by method, path and caller. */
const keyOf = (method: string | undefined, path: string | undefined, authorization: string | undefined) =>
  `${method} ${path} ${authorization}`;

const captured: Captured[] = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const answers = new Map(
  captured.map((response) => [
    keyOf(response.method, response.path, response.authorization),
    {
      status: response.status,
      headers: { 'content-type': response.contentType },
      body: Buffer.from(response.body, 'base64'),
    },
  ]),
);

const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const answer = answers.get(keyOf(request.method, request.url, request.headers.authorization));
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
    response.end(answer.body);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
