// An in-memory Cache Storage for the worker's unit tests (Node has none).
// Keys are URLs, insertion order kept (as the Cache API does); matching
// ignores Vary, which is how the worker asks.

class FakeCache implements Pick<Cache, "match" | "put" | "keys" | "delete"> {
  readonly entries = new Map<string, Response>();

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(urlOf(request))?.clone();
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const url = urlOf(request);
    // A new copy goes last, like the Cache API's insertion order.
    this.entries.delete(url);
    this.entries.set(url, new Response(await response.arrayBuffer(), response));
  }

  async keys(): Promise<readonly Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(urlOf(request));
  }
}

function urlOf(request: RequestInfo | URL): string {
  return typeof request === "string" ? request : request instanceof URL ? request.href : request.url;
}

export class FakeCacheStorage implements Pick<CacheStorage, "open" | "keys" | "delete"> {
  readonly caches = new Map<string, FakeCache>();

  async open(name: string): Promise<Cache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache as unknown as Cache;
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  /** The URLs kept in a cache, in order (none when it does not exist). */
  urls(name: string): string[] {
    return [...(this.caches.get(name)?.entries.keys() ?? [])];
  }
}
