/** The host names of this machine's loopback interface. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether `url` names this machine (a local stand-in in tests): plain http may carry a secret there only. */
export const isLoopback = (url: URL): boolean => LOOPBACK_HOSTS.has(url.hostname);
