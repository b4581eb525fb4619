import { hash, timingSafeEqual } from 'node:crypto';

const BEARER = /^Bearer +([\x21-\x7e]+) *$/iu;

/** SHA-256 of `value` (UTF-8), one shot: no `Hash` object per request. */
function digest(value: string): Buffer {
  return hash('sha256', value, 'buffer');
}

/**
 * A check of an `Authorization` header against `token`: true only for `Bearer <token>`. Both
 * sides are hashed to equal-length digests and compared with `timingSafeEqual`, so the time
 * taken says nothing about how much of a guess was right, nor the token's length.
 */
export function createBearerCheck(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(token);
  return (authorization) => {
    const presented = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
    return presented !== undefined && timingSafeEqual(digest(presented), expected);
  };
}
