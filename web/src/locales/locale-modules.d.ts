/** A locale file imported whole as a chunk of its own (lib/i18n.ts). */
declare module '*.json?all' {
  const resources: Record<string, unknown>;
  export default resources;
}

/** The groups of a locale file the first screen needs (locales/shell-groups.ts). */
declare module '*.json?shell' {
  const resources: Record<string, unknown>;
  export default resources;
}
