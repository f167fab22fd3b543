/**
 * Lines in a box drawn with box-drawing characters, for the few messages a person must not
 * miss among the log lines of a start (the root admin's first password).
 */
export function framed(lines: string[]): string {
  const width = Math.max(...lines.map((line) => [...line].length));
  const pad = (line: string) => line + ' '.repeat(width - [...line].length);
  return [
    `╔${'═'.repeat(width + 4)}╗`,
    ...lines.map((line) => `║  ${pad(line)}  ║`),
    `╚${'═'.repeat(width + 4)}╝`,
  ].join('\n');
}
