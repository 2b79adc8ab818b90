/**
 * The shape another language's copy must have, from the English catalogue (the reference): the same keys,
 * each text a string. A `_one` plural form is optional (Indonesian has only `_other`); a key missing from
 * the translation, or one English does not have, fails the type check.
 */
export type Catalog<T> = T extends string
  ? string
  : T extends readonly (infer U)[]
    ? readonly Catalog<U>[]
    : { readonly [K in keyof T as K extends `${string}_one` ? never : K]: Catalog<T[K]> } & {
        readonly [K in keyof T as K extends `${string}_one` ? K : never]?: Catalog<T[K]>;
      };

/** The English catalogue's keys with every text widened to `string`: what `t` returns is any language's. */
export type Strings<T> = T extends string
  ? string
  : T extends readonly (infer U)[]
    ? readonly Strings<U>[]
    : { readonly [K in keyof T]: Strings<T[K]> };

/**
 * One namespace in both languages: English as written (`as const`), Indonesian checked against it at
 * compile time (`Catalog`), so a missing or extra Indonesian key fails `tsc` where it is written.
 */
export function catalog<const En extends object>(copy: {
  en: En;
  id: NoInfer<Catalog<En>>;
}): { readonly en: En; readonly id: Catalog<En> } {
  return copy;
}

/**
 * `value` (a code read from data: an order's status, a review reason) as a key of `map` when the copy has
 * one for it, else undefined: the run-time check that lets a key built from data be typed.
 */
export function keyIn<T extends object>(map: T, value: string | number): (keyof T & string) | undefined {
  const key = String(value);
  return Object.hasOwn(map, key) ? (key as keyof T & string) : undefined;
}
