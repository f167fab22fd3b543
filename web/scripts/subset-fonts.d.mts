export const BASIC_LATIN: string;
export const FACES: string[];
export function basicFile(face: string): string;
export function restOfLatin(): string;
export function codePoints(range: string): number[];
