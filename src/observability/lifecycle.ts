/**
 * Whether this process is stopping (a SIGTERM arrived): readiness then answers 503 so that a balancer takes the
 * process out of rotation while it finishes what it has. Set once by the entry point's shutdown, read by the health
 * routes and the HTTP hooks.
 */
export class ProcessLifecycle {
  #stopping = false;

  get stopping(): boolean {
    return this.#stopping;
  }

  beginStopping(): void {
    this.#stopping = true;
  }
}
