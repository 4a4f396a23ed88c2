/**
 * Replaces every occurrence of each secret with "[redacted]", in the order given; empty strings
 * are ignored. The transit client passes the API key in every spelling an echo could use, the
 * Telegram adapter its bot token and webhook secret.
 */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  const present = secrets.filter((secret) => secret !== '');
  return (text) => {
    let clean = text;
    for (const secret of present) if (clean.includes(secret)) clean = clean.split(secret).join('[redacted]');
    return clean;
  };
}
