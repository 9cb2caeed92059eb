// Why a store could not open, told apart so the operator knows where to
// look: the network, the credentials, or the data itself. Adapter-neutral:
// the MongoDB adapter maps its driver's errors onto these.

/** No server answered (down, wrong host or port, firewall, no primary elected). */
export class StoreUnreachableError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = "StoreUnreachableError";
  }
}

/** The server answered but refused the credentials, or the rights they carry. */
export class StoreAuthenticationError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = "StoreAuthenticationError";
  }
}

/** An index could not be built at start, typically duplicates under a unique index. */
export class StoreIndexBuildError extends Error {
  readonly collection: string;
  readonly index: string;
  /** The duplicated key, as the server reported it, when that is the cause. */
  readonly duplicate: string | null;
  constructor(
    collection: string,
    index: string,
    duplicate: string | null,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(
      duplicate === null
        ? `building index ${index} on ${collection} failed: ${reason}`
        : `building unique index ${index} on ${collection} failed: duplicate key ${duplicate}; remove the duplicates, then start again`,
      options,
    );
    this.name = "StoreIndexBuildError";
    this.collection = collection;
    this.index = index;
    this.duplicate = duplicate;
  }
}
