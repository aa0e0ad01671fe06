// Reading a setting that counts something (processes, connections, megabytes) from the
// environment: blank means the default, anything but a whole number at or above the least
// stops the process with a message that says what to set.

/**
 * The whole number `env[name]` holds, or undefined when it is unset or blank.
 * @param {Record<string, string | undefined>} env
 * @param {string} name
 * @param {{ unit: string, least: number, unset: string }} rule what it counts, its least value, and what unsetting it gives
 * @returns {number | undefined}
 */
export function wholeNumberSetting(env, name, { unit, least, unset }) {
  const setting = env[name]?.trim();
  if (!setting) return undefined;
  const value = Number(setting);
  if (!Number.isInteger(value) || value < least)
    throw new Error(
      `${name} must be a whole number of ${unit}, at least ${least} (it is "${setting}"). Unset it for ${unset}.`,
    );
  return value;
}
