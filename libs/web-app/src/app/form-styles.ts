/** Field errors in a red dark enough for AA contrast on either theme; the typed value keeps the text colour. */
export const READABLE_ERROR = {
  error: { color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))' },
  input: { color: 'var(--mantine-color-text)' },
};
