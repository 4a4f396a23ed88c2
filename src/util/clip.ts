/** At most `max` characters of `text`, saying how many more there were: logs and stored reasons stay readable. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
