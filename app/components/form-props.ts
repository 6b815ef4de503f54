/**
 * conform's getInputProps/getTextareaProps include a React `key`, which must
 * not travel inside a spread props object; the form components set their own.
 */
export function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}
