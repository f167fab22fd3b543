/**
 * Reads CSV as RFC 4180 writes it (and as Excel, WooCommerce and Shopify export it): cells in
 * double quotes may hold the separator, line breaks and doubled quotes; records end with CRLF or
 * LF; a byte-order mark is skipped. The separator is `,` or `;` (Bulgarian Excel), read from the
 * header when not given.
 */
export function parseCsv(input: string, separator?: string): string[][] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const sep = separator ?? guessSeparator(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += c;
      i += 1;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (c === '\r' && text[i + 1] === '\n') i += 1;
    } else cell += c;
    i += 1;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((cells) => cells.length > 1 || cells[0] !== '');
}

/** The header's separator: `;` when it has more of them than commas outside quotes. */
function guessSeparator(text: string): string {
  const end = text.search(/\r?\n/);
  const header = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, '');
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/** The rows after the header as objects by column name (the header's names trimmed). */
export function csvRecords(
  input: string,
  separator?: string,
): { columns: string[]; records: Record<string, string>[] } {
  const [header = [], ...rows] = parseCsv(input, separator);
  const columns = header.map((name) => name.trim());
  return {
    columns,
    records: rows.map((cells) => Object.fromEntries(columns.map((name, index) => [name, cells[index] ?? '']))),
  };
}
