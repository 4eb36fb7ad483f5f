/**
 * The statements the runner's re-seal command runs on the stored credentials (`npm run
 * secrets:reseal`): every sealed credential locked for update, oldest id first, and one written back.
 */
export const SEALED_CREDENTIAL_STATEMENTS = {
  selectForUpdate:
    'SELECT id, secret_ciphertext FROM connections WHERE secret_ciphertext IS NOT NULL ORDER BY id FOR UPDATE',
  update: 'UPDATE connections SET secret_ciphertext = $2 WHERE id = $1',
} as const;
