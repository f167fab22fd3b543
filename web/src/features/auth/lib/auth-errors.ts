import type { ErrorWording } from '../../../lib/error-text';

/** How the account screens word a failed call (spec section 8: Login, Password reset, Signup and OTP). */
export const AUTH_ERRORS = {
  login: {
    fallback: 'auth.login.failed',
    codes: { NOT_FOUND: 'auth.login.notFound', UNAUTHORIZED: 'auth.login.wrongPassword' },
    serverMessage: true,
  },
  resetRequest: { fallback: 'auth.reset.sendFailed', serverMessage: true },
  resetPassword: { fallback: 'auth.resetPage.failed', serverMessage: true },
  signupBadRequest: { fallback: 'auth.signup.badRequest', serverMessage: true },
  signup: { fallback: 'auth.signup.failed', serverMessage: true },
  verifyOtp: { fallback: 'auth.otp.failed', codes: { CONFLICT: 'auth.otp.alreadyVerified' }, serverMessage: true },
  resendOtp: { fallback: 'auth.otp.resendFailed', serverMessage: true },
} satisfies Record<string, ErrorWording>;
