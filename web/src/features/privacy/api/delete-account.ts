import type { DeleteAccountBody } from '@shop/contract';
import { call } from '../../../lib/api-client';

/**
 * Deletes the signed-in account (`DELETE /api/profile`): 204; 400 with `fields.password` for a
 * wrong password; 403 `ROOT_PROTECTED` for the root admin; 429 after too many tries. The server
 * ends every session of the account; the caller forgets the token here.
 */
export const deleteAccount = (body: DeleteAccountBody) => call('DELETE /profile', body);
