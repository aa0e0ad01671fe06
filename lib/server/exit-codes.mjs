// Exit codes a server process uses to tell the multi-process primary (scripts/lib/server-cluster.mjs)
// why it stopped, where restarting it would not help.

/**
 * A server that refuses to start on its configuration (the configuration check, published demo
 * logins): sysexits' EX_CONFIG. The same settings would stop every replacement too.
 */
export const CONFIG_PROBLEM_EXIT = 78;
