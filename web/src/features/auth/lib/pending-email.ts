import { readStorage, removeStorage, writeStorage } from '../../../lib/storage';

/** The address waiting for its code: set by signup (or a login that needs verifying), read by /verify-otp. */
const KEY = 'pendingVerificationEmail';

export const readPendingEmail = () => readStorage(KEY);
export const writePendingEmail = (email: string) => writeStorage(KEY, email);
export const clearPendingEmail = () => removeStorage(KEY);
