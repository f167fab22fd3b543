/**
 * Signs that a response body carries internals: a stack frame, a file path of the server,
 * SQL text or a database driver's message.
 */
const LEAKS = [
  /\bat [\w.<>$]+ \(?(?:file:\/\/|\/|node:)[^)\s]*:\d+:\d+\)?/, // stack frame
  /node_modules\//,
  /\/api\/src\//,
  /\bselect\b[\s\S]{1,200}\bfrom\s+"?\w+"?/i,
  /\binsert into\b|\bupdate "?\w+"? set\b|\bdelete from\b/i,
  /syntax error at or near|violates (?:foreign key|unique|check|not-null) constraint|duplicate key value|relation "\w+" does not exist|invalid input syntax for/i,
  /\b(?:ZodError|TypeError|ReferenceError|RangeError|SyntaxError): /,
];

export const leaksInternals = (body: string): boolean => LEAKS.some((pattern) => pattern.test(body));
