import { z } from "zod";
import { ID_PATTERN } from "./ids";

// Apart from ids.ts, whose plain checks the public pages' browser code uses: importing zod there
// would put all of it (~80 KB compressed) into their scripts.

/** Ids ever issued stay below this (15 digits), as in ID_PATTERN. */
const MAX_ID = 999_999_999_999_999;

/**
 * The same rule as a zod field for form schemas: the text of an id (or an id already read as
 * a number), answered as its number. `message` is the one error for every way it can fail.
 */
export function idField(message?: string) {
  const error = message ? { error: message } : undefined;
  return z.union(
    [
      z.string(error).regex(ID_PATTERN, message).transform(Number),
      z.number(error).int(message).positive(message).max(MAX_ID, message),
    ],
    error,
  );
}
