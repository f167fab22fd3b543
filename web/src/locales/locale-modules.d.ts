/** A locale file imported whole as a chunk of its own (lib/i18n.ts). */
declare module '*.json?all' {
  const resources: Record<string, unknown>;
  export default resources;
}
