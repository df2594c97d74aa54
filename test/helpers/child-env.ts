import path from 'node:path';

/**
 * The environment of a child process that a test starts with an environment of its own (the service, a worker, the
 * CLI): `env`, plus Node's compile cache when the test runs with one (`npm test` sets NODE_COMPILE_CACHE), so that
 * the child does not compile the service's modules from their source again (about a quarter of a start's CPU).
 * Nothing else of the test's own environment is passed on.
 */
export function childEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const compileCache = process.env.NODE_COMPILE_CACHE;
  return compileCache ? { ...env, NODE_COMPILE_CACHE: path.resolve(compileCache) } : env;
}
