/**
 * The query parameters the clothing filters live in (server rendering keeps each combination
 * apart). A module of its own: the router reads it, and importing filters.ts there would bring
 * the filters' code into the entry chunk.
 */
export const FILTER_PARAMS = ['size', 'color', 'min', 'max', 'sort'] as const;
